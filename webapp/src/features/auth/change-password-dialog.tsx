import { Button, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup, Intent, Spinner, SpinnerSize } from '@blueprintjs/core';
import { type FormEvent, useState } from 'react';
import { ApiRequestError, errorMessage } from '@/api/client';
import {
  changeOwnPassword,
  type PasswordForm,
  PASSWORD_CHANGED,
  passwordFormErrors,
} from '@/features/auth/account-api';
import { showError, showSuccess } from '@/lib/toaster';
import { forgetUser } from '@/state/session';

const EMPTY: PasswordForm = { currentPassword: '', password: '', confirm: '' };

const FIELDS: readonly { key: keyof PasswordForm; label: string; autoComplete: string }[] = [
  { key: 'currentPassword', label: 'Current password', autoComplete: 'current-password' },
  { key: 'password', label: 'New password', autoComplete: 'new-password' },
  { key: 'confirm', label: 'Confirm new password', autoComplete: 'new-password' },
];

interface ChangePasswordDialogProps {
  isOpen: boolean;
  onClose: () => void;
}

/**
 * The signed-in user's own password change. The server ends every sign-in of the account when
 * it is done, so this device signs out too and the user signs in with the new password.
 */
export function ChangePasswordDialog({ isOpen, onClose }: ChangePasswordDialogProps) {
  const [form, setForm] = useState(EMPTY);
  const [touched, setTouched] = useState<Partial<Record<keyof PasswordForm, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<Partial<Record<keyof PasswordForm, string>>>({});
  const [saving, setSaving] = useState(false);
  const errors = passwordFormErrors(form);
  const complete = FIELDS.every(({ key }) => form[key] !== '');

  const close = () => {
    if (saving) return;
    setForm(EMPTY);
    setTouched({});
    setServerErrors({});
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched({ currentPassword: true, password: true, confirm: true });
    if (!complete || Object.keys(errors).length > 0) return;
    setSaving(true);
    try {
      await changeOwnPassword({ currentPassword: form.currentPassword, password: form.password });
      void showSuccess(PASSWORD_CHANGED);
      setSaving(false);
      close();
      await forgetUser();
    } catch (error) {
      setSaving(false);
      const fields = error instanceof ApiRequestError ? error.fieldErrors : {};
      const current = fields.currentPassword?.[0];
      const password = fields.password?.[0];
      if (current || password) setServerErrors({ currentPassword: current, password });
      else void showError(errorMessage(error, 'The password could not be changed.'));
    }
  };

  const shownError = (key: keyof PasswordForm) =>
    serverErrors[key] ?? (touched[key] && form[key] !== '' ? errors[key] : undefined);

  return (
    <Dialog isOpen={isOpen} title="Change password" icon="key" onClose={close} canOutsideClickClose={false}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogBody>
          {FIELDS.map(({ key, label, autoComplete }) => {
            const error = shownError(key);
            return (
              <FormGroup
                key={key}
                label={label}
                labelFor={`account-${key}`}
                intent={error ? Intent.DANGER : Intent.NONE}
                helperText={error}
              >
                <InputGroup
                  id={`account-${key}`}
                  type="password"
                  autoComplete={autoComplete}
                  value={form[key]}
                  intent={error ? Intent.DANGER : Intent.NONE}
                  onChange={(event) => {
                    const value = event.currentTarget.value;
                    setForm((old) => ({ ...old, [key]: value }));
                    setServerErrors((old) => ({ ...old, [key]: undefined }));
                  }}
                  onBlur={() => setTouched((old) => ({ ...old, [key]: true }))}
                />
              </FormGroup>
            );
          })}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text="Cancel" onClick={close} disabled={saving} />
              <Button
                type="submit"
                intent={Intent.PRIMARY}
                icon={saving ? <Spinner size={SpinnerSize.SMALL} /> : undefined}
                text={saving ? 'Saving' : 'Save'}
                disabled={!complete || saving}
              />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
