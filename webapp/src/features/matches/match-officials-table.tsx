import { HTMLTable, Icon, NonIdealState } from '@blueprintjs/core';
import type { Schemas } from '@/api/types';
import { TableFrame } from '@/components/table-frame/table-frame';
import { RowActions } from '@/components/row-actions/row-actions';
import { formatDateTime } from '@/lib/dates';
import { officialRoleLabel } from '@/lib/match-codes';

type MatchOfficial = Schemas['MatchOfficialView'];

interface MatchOfficialsTableProps {
  officials: readonly MatchOfficial[];
  emptyText: string;
  /** Given when the user may edit a row: its Edit button. */
  onEdit?: (official: MatchOfficial) => void;
  /** Given when the user may take an official off the match: its Delete button. */
  onDelete?: (official: MatchOfficial) => void;
}

const nameOf = (official: MatchOfficial) =>
  official.official ? `${official.official.name} ${official.official.surname}` : `#${official.officialId}`;

/** The officials of a match: name, role and whether (and when) they confirmed the log. */
export function MatchOfficialsTable({ officials, emptyText, onEdit, onDelete }: MatchOfficialsTableProps) {
  if (officials.length === 0) return <NonIdealState icon="person" description={emptyText} className="pd-table-empty" />;
  const actions = onEdit !== undefined || onDelete !== undefined;
  return (
    <TableFrame>
      <HTMLTable striped className="pd-table" aria-label="Match officials">
        <thead>
          <tr>
            <th>Official</th>
            <th>Role</th>
            <th>Confirmed</th>
            {actions && <th>Actions</th>}
          </tr>
        </thead>
        <tbody>
          {officials.map((official) => (
            <tr key={official.id}>
              <td>{nameOf(official)}</td>
              <td>{officialRoleLabel(official.roleId)}</td>
              <td>
                {official.confirmed ? (
                  <>
                    <Icon icon="tick" aria-label="Confirmed" /> {formatDateTime(official.confirmedAt)}
                  </>
                ) : (
                  'No'
                )}
              </td>
              {actions && (
                <td className="pd-actions-cell">
                  <RowActions
                    label={nameOf(official)}
                    onEdit={onEdit && (() => onEdit(official))}
                    onDelete={onDelete && (() => onDelete(official))}
                    removeTitle="Remove from the match"
                  />
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </TableFrame>
  );
}
