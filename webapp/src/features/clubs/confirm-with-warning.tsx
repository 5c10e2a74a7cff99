import { Alert, Callout, Intent } from '@blueprintjs/core';
import { useState } from 'react';

interface ConfirmWithWarningProps {
  isOpen: boolean;
  question: string;
  /** What else the deletion takes with it (spec 01 §8). */
  warning: string;
  onConfirm: () => Promise<void>;
  onClose: () => void;
}

/** A delete confirmation that also says what goes with the entity; a spinner shows while it runs. */
export function ConfirmWithWarning({ isOpen, question, warning, onConfirm, onClose }: ConfirmWithWarningProps) {
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
      onClose();
    }
  };
  return (
    <Alert
      isOpen={isOpen}
      icon="trash"
      intent={Intent.DANGER}
      confirmButtonText="Delete"
      cancelButtonText="Cancel"
      loading={busy}
      canEscapeKeyCancel={!busy}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    >
      <p>{question}</p>
      <Callout intent={Intent.WARNING} icon="warning-sign">
        {warning}
      </Callout>
    </Alert>
  );
}
