import { FormGroup, InputGroup } from '@blueprintjs/core';
import { intentOf } from '@/components/form-fields/form-fields';
import { DrawerForm } from '@/components/entity-drawer/drawer-form';
import type { FormErrors } from '@/lib/form-errors';
import { useEntityForm } from '@/lib/use-entity-form';
import { setOfficialPin } from '@/features/officials/officials-api';
import { validatePin } from '@/lib/pin';

/** Spec 01 §2 and §9: the PIN drawer is 500 wide. */
export const PIN_DRAWER_WIDTH = 500;

interface PinFormProps {
  officialId: number;
  onSaved: () => void;
  onCancel: () => void;
}

/** Sets an official's PIN (exactly four digits), which the server stores hashed and never shows. */
export function PinForm({ officialId, onSaved, onCancel }: PinFormProps) {
  const form = useEntityForm({
    initial: () => ({ pin: '' }),
    validate: ({ pin }: { pin: string }): FormErrors => {
      const message = validatePin(pin);
      return message === undefined ? {} : { pin: message };
    },
    save: ({ pin }: { pin: string }) => setOfficialPin(officialId, pin),
    successText: 'PIN successfully updated.',
    onSaved,
  });
  const error = form.errors.pin;
  const intent = intentOf(error);
  return (
    <DrawerForm form={form} onCancel={onCancel}>
      <FormGroup label="PIN" labelFor="official-pin" labelInfo="*" intent={intent} helperText={error}>
        <InputGroup
          id="official-pin"
          type="password"
          inputMode="numeric"
          autoComplete="new-password"
          value={form.values.pin}
          intent={intent}
          autoFocus
          onValueChange={(pin) => form.change({ pin })}
        />
      </FormGroup>
    </DrawerForm>
  );
}
