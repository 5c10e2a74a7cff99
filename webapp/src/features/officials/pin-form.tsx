import { Classes, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { type FormEvent, useState } from 'react';
import { ApiRequestError, errorMessage } from '@/api/client';
import { FormFooter } from '@/components/form-footer/form-footer';
import { showError, showSuccess } from '@/lib/toaster';
import { setOfficialPin } from '@/features/officials/officials-api';
import { validatePin } from '@/features/officials/official-validation';

/** Spec 01 §2 and §9: the PIN drawer is 500 wide. */
export const PIN_DRAWER_WIDTH = 500;

interface PinFormProps {
  officialId: number;
  onSaved: () => void;
  onCancel: () => void;
}

/** Sets an official's PIN (exactly four digits), which the server stores hashed and never shows. */
export function PinForm({ officialId, onSaved, onCancel }: PinFormProps) {
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validatePin(pin);
    setError(found);
    if (found !== undefined) return;
    setSaving(true);
    try {
      await setOfficialPin(officialId, pin);
      void showSuccess('PIN successfully updated.');
      setDirty(false);
      onSaved();
    } catch (failure) {
      void showError(errorMessage(failure, 'Error saving data.'));
      const messages = failure instanceof ApiRequestError ? failure.fieldErrors.pin : undefined;
      if (messages && messages.length > 0) setError(messages.join(' '));
    } finally {
      setSaving(false);
    }
  };

  const intent = error ? Intent.DANGER : Intent.NONE;
  return (
    <form className="pd-drawer-form" onSubmit={(event) => void submit(event)} noValidate>
      <div className={Classes.DRAWER_BODY}>
        <div className={Classes.DIALOG_BODY}>
          <FormGroup label="PIN" labelFor="official-pin" labelInfo="*" intent={intent} helperText={error}>
            <InputGroup
              id="official-pin"
              type="password"
              inputMode="numeric"
              autoComplete="new-password"
              value={pin}
              intent={intent}
              autoFocus
              onValueChange={(next) => {
                setPin(next);
                setDirty(true);
                setError(validatePin(next));
              }}
            />
          </FormGroup>
        </div>
      </div>
      <FormFooter dirty={dirty} saving={saving} onCancel={onCancel} />
    </form>
  );
}
