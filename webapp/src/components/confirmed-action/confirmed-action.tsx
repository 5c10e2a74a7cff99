import { Alert, Button, type IconName, Intent } from '@blueprintjs/core';
import { useState } from 'react';
import { errorMessage } from '@/api/client';
import { showError, showSuccess } from '@/lib/toaster';

interface ConfirmedActionProps {
  icon: IconName;
  /** The button's and the confirmation's text, e.g. 'End sign-ins'. */
  text: string;
  question: string;
  /** The call; the toast says `success` when it worked, the server's message when not. */
  run: () => Promise<unknown>;
  success: string;
  failure: string;
  /** What follows a success, e.g. forgetting this device's sign-in. */
  then?: () => Promise<void>;
}

/** A button whose action runs only after the user confirms it, with a toast of the outcome. */
export function ConfirmedAction({ icon, text, question, run, success, failure, then }: ConfirmedActionProps) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await run();
      void showSuccess(success);
      await then?.();
    } catch (error) {
      void showError(errorMessage(error, failure));
    } finally {
      setBusy(false);
      setAsking(false);
    }
  };
  return (
    <>
      <Button icon={icon} text={text} onClick={() => setAsking(true)} />
      <Alert
        isOpen={asking}
        icon={icon}
        intent={Intent.WARNING}
        confirmButtonText={text}
        cancelButtonText="Cancel"
        loading={busy}
        canEscapeKeyCancel={!busy}
        onConfirm={() => void confirm()}
        onCancel={() => setAsking(false)}
      >
        <p>{question}</p>
      </Alert>
    </>
  );
}
