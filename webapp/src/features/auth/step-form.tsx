import { Button, Dialog, DialogBody, DialogFooter, FormGroup, type IconName, InputGroup, Intent } from '@blueprintjs/core';
import { type FormEvent, type ReactNode, useState } from 'react';
import { ApiRequestError, errorMessage } from '@/api/client';
import { showError } from '@/lib/toaster';

/** The one field of a step, named as the body member the server's field errors name. */
type StepField = 'currentPassword' | 'code';

const FIELDS = {
  currentPassword: {
    label: 'Current password',
    type: 'password',
    autoComplete: 'current-password',
    inputMode: undefined,
    helper: undefined,
  },
  code: {
    label: 'Code',
    type: 'text',
    autoComplete: 'one-time-code',
    inputMode: 'numeric',
    helper: 'The 6 digits your authenticator app shows now.',
  },
} as const;

interface StepFormProps {
  field: StepField;
  /** What the step is about, above the field. */
  children: ReactNode;
  /** The submit button's text, e.g. 'Next'. */
  submit: string;
  submitIntent?: Intent;
  /** The call with the field's value; the next step follows when it resolves. */
  run: (value: string) => Promise<void>;
  /** The toast when the call fails without a message of the server's. */
  failure: string;
  onCancel: () => void;
}

/**
 * One step of a two-step sign-in dialog: a field and its call. Enter sends this step only; the
 * server's error for the field shows on it, any other refusal (too many tries, say) as a toast.
 */
export function StepForm({ field, children, submit, submitIntent = Intent.PRIMARY, run, failure, onCancel }: StepFormProps) {
  const [value, setValue] = useState('');
  const [serverError, setServerError] = useState<string | undefined>(undefined);
  const [saving, setSaving] = useState(false);
  const { label, type, autoComplete, inputMode, helper } = FIELDS[field];
  const id = `two-step-${field}`;

  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (value.trim() === '' || saving) return;
    setSaving(true);
    try {
      await run(value);
    } catch (error) {
      const message = error instanceof ApiRequestError ? error.fieldErrors[field]?.[0] : undefined;
      if (message) setServerError(message);
      else void showError(errorMessage(error, failure));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={(event) => void send(event)} noValidate>
      <DialogBody>
        {children}
        <FormGroup
          label={label}
          labelFor={id}
          intent={serverError ? Intent.DANGER : Intent.NONE}
          helperText={serverError ?? helper}
        >
          <InputGroup
            id={id}
            type={type}
            autoComplete={autoComplete}
            inputMode={inputMode}
            autoFocus
            value={value}
            intent={serverError ? Intent.DANGER : Intent.NONE}
            onChange={(event) => {
              setValue(event.currentTarget.value);
              setServerError(undefined);
            }}
          />
        </FormGroup>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Cancel" onClick={onCancel} disabled={saving} />
            <Button type="submit" intent={submitIntent} text={submit} loading={saving} disabled={value.trim() === ''} />
          </>
        }
      />
    </form>
  );
}

interface StepDialogProps {
  isOpen: boolean;
  title: string;
  icon: IconName;
  onCancel: () => void;
  /** The steps; they start again each time the dialog opens. */
  children: ReactNode;
}

/** A dialog of steps that closes only by its buttons, so a call under way always ends in its own step. */
export function StepDialog({ isOpen, title, icon, onCancel, children }: StepDialogProps) {
  return (
    <Dialog
      isOpen={isOpen}
      title={title}
      icon={icon}
      onClose={onCancel}
      canOutsideClickClose={false}
      canEscapeKeyClose={false}
      isCloseButtonShown={false}
    >
      {children}
    </Dialog>
  );
}
