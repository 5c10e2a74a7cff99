import { Alert, Intent } from '@blueprintjs/core';
import { useState } from 'react';

interface ConfirmDeleteProps {
  isOpen: boolean;
  /** The question, e.g. 'Are you sure you want to delete this city?'. */
  question: string;
  /** Runs the deletion; the dialog shows a spinner until it settles. */
  onConfirm: () => Promise<void>;
  onClose: () => void;
}

export function ConfirmDelete({ isOpen, question, onConfirm, onClose }: ConfirmDeleteProps) {
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
    </Alert>
  );
}
