import { FormGroup, HTMLSelect, InputGroup, Intent } from '@blueprintjs/core';
import type { Choice } from '@/components/profile-picker/choice-suggest';
import type { CodeItem } from '@/components/profile-picker/choices';
import type { FormErrors } from '@/lib/form-errors';
import { PeriodFields, TeamRowChoice } from '@/components/profile-picker/membership-rows';
import { fieldPath } from '@/components/profile-picker/membership-validation';
import type { PlayerTeamRow } from '@/features/players/player-validation';

interface PlayerTeamRowFieldsProps {
  idPrefix: string;
  /** Error path of the row, e.g. `teams[0]`; a standalone form uses ''. */
  path: string;
  row: PlayerTeamRow;
  teams: readonly Choice[];
  positions: readonly CodeItem[];
  /** Teams chosen in the other rows, or that the player already plays in. */
  takenIds: readonly number[];
  errors: FormErrors;
  onChange: (patch: Partial<PlayerTeamRow>) => void;
  fixed?: boolean;
}

/** Team, position, cap number and period of a player's team membership. */
export function PlayerTeamRowFields(props: PlayerTeamRowFieldsProps) {
  const { idPrefix, path, row, positions, errors, onChange } = props;
  const at = (field: string) => errors[fieldPath(path, field)];
  const intent = (field: string) => (at(field) ? Intent.DANGER : Intent.NONE);
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
        <HTMLSelect
          id={`${idPrefix}-position`}
          fill
          value={row.positionId ?? ''}
          options={[{ value: '', label: 'Choose a position' }, ...positions.map((p) => ({ value: p.id, label: p.label }))]}
          onChange={(event) => {
            const value = event.currentTarget.value;
            onChange({ positionId: value === '' ? null : Number(value) });
          }}
        />
      </FormGroup>
      <FormGroup
        label="Cap number"
        labelFor={`${idPrefix}-capNumber`}
        intent={intent('capNumber')}
        helperText={at('capNumber')}
      >
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
