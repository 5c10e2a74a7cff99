import { Button, FormGroup, H4, HTMLSelect, HTMLTable, Intent, Tag } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { api } from '@/api/client';
import type { Schemas } from '@/api/types';
import { TableFrame } from '@/components/table-frame/table-frame';
import { TableHead } from '@/components/data-table/table-content';
import { ChoicePicker } from '@/components/lineup-editor/slot-picker';
import type { FormErrors } from '@/lib/form-errors';
import { officialRoleLabel } from '@/lib/match-codes';
import { useCan } from '@/state/use-can';
import {
  chosenOfficials,
  type LogAction,
  type LogDraft,
  OFFICIAL_ROLES,
  type OfficialRole,
  type Person,
} from '@/features/match-log/log-draft';

/** Every official, by name; null until they load or when the user may not read them. */
export function useOfficials(): readonly Person[] | null {
  const canRead = useCan('Officials', 'Read');
  const [officials, setOfficials] = useState<readonly Person[] | null>(null);
  useEffect(() => {
    if (!canRead) return undefined;
    let current = true;
    api.get<Schemas['Official'][]>('/api/Officials').then(
      (items) => current && setOfficials(items.map((item) => ({ id: item.id, name: `${item.name} ${item.surname}` }))),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [canRead]);
  return canRead ? officials : null;
}

interface OfficialsEditorProps {
  draft: LogDraft;
  officials: readonly Person[] | null;
  /** Who officiates may change (Create on Officials); roles may change with an update of the log. */
  mayAssign: boolean;
  mayChangeRoles: boolean;
  errors: FormErrors;
  dispatch: (action: LogAction) => void;
  newKey: () => string;
}

/** The match officials: rows of an official and a role (Referee … VAR), each official once. */
export function OfficialsEditor({ draft, officials, mayAssign, mayChangeRoles, errors, dispatch, newKey }: OfficialsEditorProps) {
  return (
    <section aria-label="Officials">
      <H4>Officials</H4>
      <TableFrame>
        <HTMLTable compact className="pd-table">
          <TableHead titles={['Official', 'Role', 'Confirmed']} actions={mayAssign} />
          <tbody>
            {draft.officials.length === 0 && (
              <tr>
                <td colSpan={mayAssign ? 4 : 3}>—</td>
              </tr>
            )}
            {draft.officials.map((row, index) => {
              const officialError = errors[`officials[${row.key}].officialId`];
              const roleError = errors[`officials[${row.key}].roleId`];
              return (
                <tr key={row.key}>
                  <td>
                    <FormGroup intent={officialError ? Intent.DANGER : Intent.NONE} helperText={officialError} className="pd-log-cell">
                      <ChoicePicker
                        id={`official-${index + 1}`}
                        ariaLabel={`Official ${index + 1}`}
                        choices={officials}
                        selected={row.official}
                        taken={chosenOfficials(draft, row.key)}
                        disabled={!mayAssign}
                        clearable={false}
                        onChange={(official) => official && dispatch({ type: 'official', key: row.key, official })}
                      />
                    </FormGroup>
                  </td>
                  <td>
                    <FormGroup intent={roleError ? Intent.DANGER : Intent.NONE} helperText={roleError} className="pd-log-cell">
                      <HTMLSelect
                        aria-label={`Role of official ${index + 1}`}
                        value={row.roleId ?? ''}
                        disabled={!mayChangeRoles}
                        onChange={(event) => dispatch({ type: 'officialRole', key: row.key, roleId: Number(event.currentTarget.value) as OfficialRole })}
                      >
                        {row.roleId === null && <option value="">Choose a role</option>}
                        {OFFICIAL_ROLES.map((role) => (
                          <option key={role} value={role}>
                            {officialRoleLabel(role)}
                          </option>
                        ))}
                      </HTMLSelect>
                    </FormGroup>
                  </td>
                  <td>{row.confirmed ? <Tag intent={Intent.SUCCESS} minimal>Confirmed</Tag> : 'No'}</td>
                  {mayAssign && (
                    <td className="pd-actions-cell">
                      <Button
                        variant="minimal"
                        icon="trash"
                        intent={Intent.DANGER}
                        aria-label={`Remove official ${index + 1}`}
                        onClick={() => dispatch({ type: 'removeOfficial', key: row.key })}
                      />
                    </td>
                  )}
                </tr>
              );
            })}
          </tbody>
        </HTMLTable>
      </TableFrame>
      {mayAssign && (
        <Button icon="add" text="Add official" style={{ marginTop: 8 }} onClick={() => dispatch({ type: 'addOfficial', key: newKey() })} />
      )}
    </section>
  );
}
