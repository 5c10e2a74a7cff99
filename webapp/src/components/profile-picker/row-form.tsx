import { Classes } from '@blueprintjs/core';
import { type FormEvent, type ReactNode, useState } from 'react';
import { errorMessage } from '@/api/client';
import { FormFooter } from '@/components/form-footer/form-footer';
import { type FormErrors, serverFieldErrors, useShownErrors } from '@/components/profile-picker/form-errors';
import { showError, showSuccess } from '@/lib/toaster';

interface RowFormProps<R, S> {
  initial: R;
  /** The row's messages, by the request body's field names (`clubId`, `activeTo`, ...). */
  validate: (row: R) => FormErrors;
  /** Sends the row; a failure's field errors land at the fields. */
  save: (row: R) => Promise<S>;
  successText: string;
  onSaved: (saved: S) => void;
  onCancel: () => void;
  renderFields: (row: R, errors: FormErrors, change: (patch: Partial<R>) => void) => ReactNode;
}

/**
 * A drawer form of one membership row, e.g. a club added to an existing coach or player
 * (POST /api/ClubCoaches): Save stays disabled until a change, shows 'Saving' while sending, and
 * reports the outcome in a toast.
 */
export function RowForm<R extends object, S>({
  initial,
  validate,
  save,
  successText,
  onSaved,
  onCancel,
  renderFields,
}: RowFormProps<R, S>) {
  const [row, setRow] = useState<R>(initial);
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const errors = useShownErrors();
  const clientErrors = validate(row);

  const change = (patch: Partial<R>) => {
    setRow((current) => ({ ...current, ...patch }));
    setDirty(true);
    errors.touch(...Object.keys(patch));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    errors.showAll();
    if (Object.keys(clientErrors).length > 0) return;
    setSaving(true);
    try {
      const saved = await save(row);
      void showSuccess(successText);
      setDirty(false);
      onSaved(saved);
    } catch (error) {
      void showError(errorMessage(error, 'Error saving data.'));
      errors.setServer(serverFieldErrors(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="pd-drawer-form" onSubmit={(event) => void submit(event)} noValidate>
      <div className={Classes.DRAWER_BODY}>
        <div className={Classes.DIALOG_BODY}>{renderFields(row, errors.shown(clientErrors), change)}</div>
      </div>
      <FormFooter dirty={dirty} saving={saving} onCancel={onCancel} />
    </form>
  );
}
