import { Alert, Callout, Intent } from '@blueprintjs/core';
import { useState } from 'react';

interface ConfirmDeleteProps {
  isOpen: boolean;
  /** The question, e.g. 'Are you sure you want to delete this city?'. */
  question: string;
  /** What else the deletion takes with it (spec 01 §8), shown as a warning under the question. */
  warning?: string;
  /** Runs the deletion; the dialog shows a spinner until it settles. */
  onConfirm: () => Promise<void>;
  onClose: () => void;
}

export function ConfirmDelete({ isOpen, question, warning, onConfirm, onClose }: ConfirmDeleteProps) {
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
      {warning && (
        <Callout intent={Intent.WARNING} icon="warning-sign">
          {warning}
        </Callout>
      )}
    </Alert>
  );
}
