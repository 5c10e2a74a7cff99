import { Callout, FormGroup, InputGroup } from '@blueprintjs/core';
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

/** What the drawer says in place of the PIN when the competition confirms logs without one. */
export const NO_PIN_ASKED = "This competition does not ask for a PIN: the log is confirmed in the chosen official's name.";

/** The Confirm match log drawer's messages (spec 02 §5 "Confirm match log"); the PIN's only where the competition asks for it. */
export function validateConfirm(values: ConfirmValues, pinRequired = true): FormErrors {
  const errors: Record<string, string> = {};
  if (values.matchOfficialId === null) errors.matchOfficialId = OFFICIAL_REQUIRED;
  const pin = pinRequired ? validateRequiredPin(values.pin) : undefined;
  if (pin !== undefined) errors.pin = pin;
  return errors;
}

interface ConfirmLogFormProps {
  officials: readonly MatchOfficial[];
  /** The match's competition asks for the official's PIN (`logPinRequired`). */
  pinRequired: boolean;
  onSaved: () => void;
  onCancel: () => void;
}

/**
 * The Confirm match log drawer: a match official who has not confirmed yet and their PIN, sent
 * to `PUT /api/Matches/{matchOfficialId}/confirm`. A wrong PIN and the pause after too many show
 * as the server words them.
 */
export function ConfirmLogForm({ officials, pinRequired, onSaved, onCancel }: ConfirmLogFormProps) {
  const form = useEntityForm({
    initial: (): ConfirmValues => ({ matchOfficialId: null, pin: '' }),
    validate: (values: ConfirmValues) => validateConfirm(values, pinRequired),
    save: ({ matchOfficialId, pin }: ConfirmValues) =>
      api.put(`/api/Matches/${matchOfficialId}/confirm`, pinRequired ? { matchOfficialId, pin } : { matchOfficialId }),
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
      {pinRequired ? (
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
      ) : (
        <Callout compact icon="info-sign">
          {NO_PIN_ASKED}
        </Callout>
      )}
    </DrawerForm>
  );
}
