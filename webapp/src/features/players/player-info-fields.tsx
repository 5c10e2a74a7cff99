import { FormGroup, HTMLSelect, InputGroup, Intent } from '@blueprintjs/core';
import type { CodeItem } from '@/components/profile-picker/choices';
import type { FormErrors } from '@/lib/form-errors';
import { type Hand, HANDS } from '@/features/players/players-api';
import type { PlayerInfoValues } from '@/features/players/player-validation';

interface PlayerInfoFieldsProps {
  idPrefix: string;
  values: PlayerInfoValues;
  positions: readonly CodeItem[];
  errors: FormErrors;
  onChange: (patch: Partial<PlayerInfoValues>) => void;
}

/** Height, weight, dominant hand (L or R) and primary position. */
export function PlayerInfoFields({ idPrefix, values, positions, errors, onChange }: PlayerInfoFieldsProps) {
  const intent = (field: keyof PlayerInfoValues) => (errors[field] ? Intent.DANGER : Intent.NONE);
  return (
    <>
      <FormGroup
        label="Height"
        labelFor={`${idPrefix}-height`}
        intent={intent('height')}
        helperText={errors.height ?? 'In centimetres, from 100 to 250.'}
      >
        <InputGroup
          id={`${idPrefix}-height`}
          value={values.height}
          intent={intent('height')}
          placeholder="e.g. 192 cm"
          onValueChange={(height) => onChange({ height })}
        />
      </FormGroup>
      <FormGroup
        label="Weight"
        labelFor={`${idPrefix}-weight`}
        intent={intent('weight')}
        helperText={errors.weight ?? 'In kilograms, from 25 to 200.'}
      >
        <InputGroup
          id={`${idPrefix}-weight`}
          value={values.weight}
          intent={intent('weight')}
          placeholder="e.g. 95 kg"
          onValueChange={(weight) => onChange({ weight })}
        />
      </FormGroup>
      <FormGroup
        label="Dominant hand"
        labelFor={`${idPrefix}-dominantHand`}
        intent={intent('dominantHand')}
        helperText={errors.dominantHand}
      >
        <HTMLSelect
          id={`${idPrefix}-dominantHand`}
          fill
          value={values.dominantHand ?? ''}
          options={[{ value: '', label: '—' }, ...HANDS.map(({ value, label }) => ({ value, label: `${label} (${value})` }))]}
          onChange={(event) => {
            const value = event.currentTarget.value;
            onChange({ dominantHand: value === '' ? null : (value as Hand) });
          }}
        />
      </FormGroup>
      <FormGroup
        label="Primary position"
        labelFor={`${idPrefix}-primaryPositionId`}
        intent={intent('primaryPositionId')}
        helperText={errors.primaryPositionId}
      >
        <HTMLSelect
          id={`${idPrefix}-primaryPositionId`}
          fill
          value={values.primaryPositionId ?? ''}
          options={[{ value: '', label: '—' }, ...positions.map((p) => ({ value: p.id, label: p.label }))]}
          onChange={(event) => {
            const value = event.currentTarget.value;
            onChange({ primaryPositionId: value === '' ? null : Number(value) });
          }}
        />
      </FormGroup>
    </>
  );
}
