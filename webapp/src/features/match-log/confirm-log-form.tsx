import { FormGroup, InputGroup } from '@blueprintjs/core';
import { api } from '@/api/client';
import type { Schemas } from '@/api/types';
import { DrawerForm } from '@/components/entity-drawer/drawer-form';
import { Field, intentOf } from '@/components/form-fields/form-fields';
import { Picker } from '@/components/picker/picker';
import type { FormErrors } from '@/lib/form-errors';
import { personName } from '@/lib/lineup-draft';
import { officialRoleLabel } from '@/lib/match-codes';
import { validateRequiredPin } from '@/lib/pin';
import { useEntityForm } from '@/lib/use-entity-form';
import { OFFICIAL_REQUIRED } from '@/features/match-log/log-draft';

type MatchOfficial = Schemas['MatchOfficialView'];

export const LOG_CONFIRMED = 'Match log successfully confirmed!';

export interface ConfirmValues {
  matchOfficialId: number | null;
  pin: string;
}

/** The Confirm match log drawer's messages (spec 02 §5 "Confirm match log"). */
export function validateConfirm(values: ConfirmValues): FormErrors {
  const errors: Record<string, string> = {};
  if (values.matchOfficialId === null) errors.matchOfficialId = OFFICIAL_REQUIRED;
  const pin = validateRequiredPin(values.pin);
  if (pin !== undefined) errors.pin = pin;
  return errors;
}

interface ConfirmLogFormProps {
  officials: readonly MatchOfficial[];
  onSaved: () => void;
  onCancel: () => void;
}

/**
 * The Confirm match log drawer: a match official who has not confirmed yet and their PIN, sent
 * to `PUT /api/Matches/{matchOfficialId}/confirm`. A wrong PIN and the pause after too many show
 * as the server words them.
 */
export function ConfirmLogForm({ officials, onSaved, onCancel }: ConfirmLogFormProps) {
  const form = useEntityForm({
    initial: (): ConfirmValues => ({ matchOfficialId: null, pin: '' }),
    validate: validateConfirm,
    save: ({ matchOfficialId, pin }: ConfirmValues) => api.put(`/api/Matches/${matchOfficialId}/confirm`, { matchOfficialId, pin }),
    successText: LOG_CONFIRMED,
    onSaved,
  });
  const { values, errors } = form;
  const selected = officials.find((official) => official.id === values.matchOfficialId) ?? null;
  return (
    <DrawerForm form={form} onCancel={onCancel}>
      <Field id="confirm-official" label="Official" required error={errors.matchOfficialId}>
        <Picker<MatchOfficial>
          id="confirm-official"
          items={officials}
          view={(official) => ({
            key: official.id,
            text: personName(official.official, `Official ${official.officialId}`),
            label: official.confirmed ? `${officialRoleLabel(official.roleId)} · confirmed` : officialRoleLabel(official.roleId),
          })}
          itemDisabled={(official) => official.confirmed}
          selected={selected}
          onSelect={(official) => form.change({ matchOfficialId: official.id })}
          intent={intentOf(errors.matchOfficialId)}
          placeholder="Choose an official"
        />
      </Field>
      <FormGroup label="PIN" labelFor="confirm-pin" labelInfo="*" intent={intentOf(errors.pin)} helperText={errors.pin}>
        <InputGroup
          id="confirm-pin"
          type="password"
          inputMode="numeric"
          autoComplete="off"
          value={values.pin}
          intent={intentOf(errors.pin)}
          onValueChange={(pin) => form.change({ pin })}
        />
      </FormGroup>
    </DrawerForm>
  );
}
