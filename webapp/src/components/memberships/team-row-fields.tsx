import { Callout, FormGroup, HTMLSelect, InputGroup, Intent } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import type { Choice } from '@/components/profile-picker/choice-suggest';
import { type CodeItem, useCodeList, useTeamChoices } from '@/components/profile-picker/choices';
import { MembershipRows, PeriodFields, TeamRowChoice } from '@/components/profile-picker/membership-rows';
import { fieldPath, takenIds, untaken } from '@/components/profile-picker/membership-validation';
import { RowForm } from '@/components/profile-picker/row-form';
import type { FormErrors } from '@/lib/form-errors';
import { onlyChoice, useProfile } from '@/lib/ownership';
import {
  type CoachTeamRow,
  coachTeamRowErrors,
  emptyCoachTeamRow,
  emptyPlayerTeamRow,
  type PlayerTeamRow,
  playerTeamRowErrors,
} from '@/components/memberships/team-rows';

interface TeamRowFieldsProps<R> {
  idPrefix: string;
  /** Error path of the row, e.g. `teams[0]`; '' in a form of one row. */
  path: string;
  row: R;
  /** The teams the user may choose; null while they load. */
  teams: readonly Choice[] | null;
  /** The coach roles or the player positions. */
  codes: readonly CodeItem[];
  /** Teams chosen in the other rows, or that the person already has. */
  takenIds: readonly number[];
  errors: FormErrors;
  onChange: (patch: Partial<R>) => void;
  fixed?: boolean;
}

/** A choice of a role or position; '' stands for none. */
function CodeSelect({ id, value, placeholder, codes, onChange }: {
  id: string;
  value: number | null;
  placeholder: string;
  codes: readonly CodeItem[];
  onChange: (value: number | null) => void;
}) {
  return (
    <HTMLSelect
      id={id}
      fill
      value={value ?? ''}
      options={[{ value: '', label: placeholder }, ...codes.map((code) => ({ value: code.id, label: code.label }))]}
      onChange={(event) => {
        const value = event.currentTarget.value;
        onChange(value === '' ? null : Number(value));
      }}
    />
  );
}

/** The message at a field of the row, and its intent. */
function fieldErrors(errors: FormErrors, path: string) {
  const at = (field: string) => errors[fieldPath(path, field)];
  return { at, intent: (field: string) => (at(field) ? Intent.DANGER : Intent.NONE) };
}

/** Team, role (head coach by default) and period of a coach's place on a team's bench. */
function CoachTeamRowFields(props: TeamRowFieldsProps<CoachTeamRow>) {
  const { idPrefix, path, row, codes, errors, onChange } = props;
  const { at, intent } = fieldErrors(errors, path);
  return (
    <>
      <TeamRowChoice {...props} />
      <FormGroup label="Role" labelFor={`${idPrefix}-role`} labelInfo="*" intent={intent('roleId')} helperText={at('roleId')}>
        <CodeSelect id={`${idPrefix}-role`} value={row.roleId} placeholder="Choose a role" codes={codes} onChange={(roleId) => onChange({ roleId })} />
      </FormGroup>
      <PeriodFields idPrefix={idPrefix} path={path} row={row} errors={errors} onChange={onChange} />
    </>
  );
}

/** Team, position, cap number and period of a player's team membership. */
function PlayerTeamRowFields(props: TeamRowFieldsProps<PlayerTeamRow>) {
  const { idPrefix, path, row, codes, errors, onChange } = props;
  const { at, intent } = fieldErrors(errors, path);
  return (
    <>
      <TeamRowChoice {...props} />
      <FormGroup
        label="Position"
        labelFor={`${idPrefix}-position`}
        labelInfo="*"
        intent={intent('positionId')}
        helperText={at('positionId')}
      >
        <CodeSelect
          id={`${idPrefix}-position`}
          value={row.positionId}
          placeholder="Choose a position"
          codes={codes}
          onChange={(positionId) => onChange({ positionId })}
        />
      </FormGroup>
      <FormGroup label="Cap number" labelFor={`${idPrefix}-capNumber`} intent={intent('capNumber')} helperText={at('capNumber')}>
        <InputGroup
          id={`${idPrefix}-capNumber`}
          type="number"
          min={1}
          max={99}
          value={row.capNumber}
          intent={intent('capNumber')}
          onValueChange={(capNumber) => onChange({ capNumber })}
        />
      </FormGroup>
      <div />
      <PeriodFields idPrefix={idPrefix} path={path} row={row} errors={errors} onChange={onChange} />
    </>
  );
}

/** What differs between a coach's and a player's team rows. */
export interface TeamRowKind<R> {
  codes: '/api/CoachRoles' | '/api/Positions';
  empty: (teamId?: number | null) => R;
  errors: (row: R, path: string) => FormErrors;
  Fields: (props: TeamRowFieldsProps<R>) => ReactNode;
}

export const COACH_TEAM_ROW: TeamRowKind<CoachTeamRow> = {
  codes: '/api/CoachRoles',
  empty: emptyCoachTeamRow,
  errors: coachTeamRowErrors,
  Fields: CoachTeamRowFields,
};

export const PLAYER_TEAM_ROW: TeamRowKind<PlayerTeamRow> = {
  codes: '/api/Positions',
  empty: emptyPlayerTeamRow,
  errors: playerTeamRowErrors,
  Fields: PlayerTeamRowFields,
};

interface TeamRowFormProps<R, S> {
  kind: TeamRowKind<R>;
  idPrefix: string;
  initial: NoInfer<R>;
  /** Sends the row, e.g. POST /api/TeamCoaches with the coach's id. */
  save: (row: NoInfer<R>) => Promise<S>;
  successText: string;
  onSaved: () => void;
  onCancel: () => void;
  /** Teams the person already has: disabled in the picker. */
  takenIds?: readonly number[];
  /** The name of the person whose existing row is edited: shown above the fields, and the team stays. */
  who?: string;
}

/** The drawer form of one team row: a team added to a person, or a person's row on a team's page. */
export function TeamRowForm<R extends object, S>({ kind, idPrefix, initial, save, successText, onSaved, onCancel, takenIds = [], who }: TeamRowFormProps<R, S>) {
  const teams = useTeamChoices();
  const codes = useCodeList(kind.codes);
  const editing = who !== undefined;
  return (
    <RowForm
      initial={initial}
      validate={(row) => kind.errors(row, '')}
      save={save}
      successText={successText}
      onSaved={onSaved}
      onCancel={onCancel}
      renderFields={(row, errors, change) => {
        const fields = (
          <kind.Fields idPrefix={idPrefix} path="" row={row} teams={teams} codes={codes} takenIds={takenIds} errors={errors} onChange={change} fixed={editing} />
        );
        // A new row's fields sit in the row grid; an edited one names its person above them.
        if (!editing) return <div className="pd-membership-row-fields">{fields}</div>;
        return (
          <>
            <Callout compact icon="person" style={{ marginBottom: 12 }}>
              {who}
            </Callout>
            {fields}
          </>
        );
      }}
    />
  );
}

interface TeamRowsProps<R> {
  kind: TeamRowKind<R>;
  /** Prefix of each row's ids: `${idPrefix}-teams-${index}-team`, ... */
  idPrefix: string;
  rows: readonly R[];
  errors: FormErrors;
  /** The team the form was opened from: its row is the first and stays. */
  fixedTeamId?: number;
  onAdd: (row: R) => void;
  onRemove: (index: number) => void;
  onChange: (index: number, patch: Partial<R>) => void;
}

/** The Teams section of a new coach or player: a row per team, each team choosable once. */
export function TeamRows<R extends { teamId: number | null }>({ kind, idPrefix, rows, errors, fixedTeamId, onAdd, onRemove, onChange }: TeamRowsProps<R>) {
  const teams = useTeamChoices();
  const profile = useProfile();
  const codes = useCodeList(kind.codes);
  const isFixed = (row: R, index: number) => fixedTeamId !== undefined && index === 0 && row.teamId === fixedTeamId;
  return (
    <MembershipRows
      title="Teams"
      rows={rows}
      addText="Add team"
      // A new row starts with the only team left to choose.
      onAdd={() => onAdd(kind.empty(onlyChoice(profile, untaken(teams, rows, (row) => row.teamId))?.id ?? null))}
      onRemove={onRemove}
      isFixed={isFixed}
      renderRow={(row, index) => (
        <kind.Fields
          idPrefix={`${idPrefix}-teams-${index}`}
          path={`teams[${index}]`}
          row={row}
          teams={teams}
          codes={codes}
          takenIds={takenIds(rows, index, (other) => other.teamId)}
          errors={errors}
          fixed={isFixed(row, index)}
          onChange={(patch) => onChange(index, patch)}
        />
      )}
    />
  );
}
