import { FormGroup, HTMLSelect, Intent } from '@blueprintjs/core';
import type { Choice } from '@/components/profile-picker/choice-suggest';
import type { CodeItem } from '@/components/profile-picker/choices';
import type { FormErrors } from '@/lib/form-errors';
import { PeriodFields, TeamRowChoice } from '@/components/profile-picker/membership-rows';
import { fieldPath } from '@/components/profile-picker/membership-validation';
import type { CoachTeamRow } from '@/features/coaches/coach-validation';

interface CoachTeamRowFieldsProps {
  idPrefix: string;
  /** Error path of the row, e.g. `teams[0]`; '' in a form of one row. */
  path: string;
  row: CoachTeamRow;
  teams: readonly Choice[];
  roles: readonly CodeItem[];
  /** Teams chosen in the other rows, or that the coach already coaches. */
  takenIds: readonly number[];
  errors: FormErrors;
  onChange: (patch: Partial<CoachTeamRow>) => void;
  fixed?: boolean;
}

/** Team, role (head coach by default) and period of a coach's place on a team's bench. */
export function CoachTeamRowFields(props: CoachTeamRowFieldsProps) {
  const { idPrefix, path, row, roles, errors, onChange } = props;
  const at = (field: string) => errors[fieldPath(path, field)];
  const intent = (field: string) => (at(field) ? Intent.DANGER : Intent.NONE);
  return (
    <>
      <TeamRowChoice {...props} />
      <FormGroup label="Role" labelFor={`${idPrefix}-role`} labelInfo="*" intent={intent('roleId')} helperText={at('roleId')}>
        <HTMLSelect
          id={`${idPrefix}-role`}
          fill
          value={row.roleId ?? ''}
          options={[{ value: '', label: 'Choose a role' }, ...roles.map((role) => ({ value: role.id, label: role.label }))]}
          onChange={(event) => {
            const value = event.currentTarget.value;
            onChange({ roleId: value === '' ? null : Number(value) });
          }}
        />
      </FormGroup>
      <PeriodFields idPrefix={idPrefix} path={path} row={row} errors={errors} onChange={onChange} />
    </>
  );
}
