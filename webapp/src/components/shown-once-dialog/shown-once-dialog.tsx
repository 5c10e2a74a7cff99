import { Button, ControlGroup, Dialog, DialogBody, DialogFooter, type IconName, InputGroup, Intent } from '@blueprintjs/core';
import { useRef } from 'react';
import { CopyButton } from '@/components/shown-once-dialog/copy-button';

interface ShownOnceDialogProps {
  /** The dialog's title, and its text field's label, e.g. 'Set-password link'. */
  title: string;
  icon: IconName;
  /** What to do with it, e.g. 'Give this link to the user.' */
  note: string;
  /** The secret; the dialog is open while there is one. */
  value: string | null;
  onClose: () => void;
}

/** Shows a secret the server answers only once (a set-password link, an API token), with a copy button. */
export function ShownOnceDialog({ title, icon, note, value, onClose }: ShownOnceDialogProps) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <Dialog
      isOpen={value !== null}
      title={title}
      icon={icon}
      onClose={onClose}
      canOutsideClickClose={false}
      isCloseButtonShown={false}
    >
      <DialogBody>
        <p>{note}</p>
        <ControlGroup fill>
          <InputGroup
            inputRef={input}
            value={value ?? ''}
            readOnly
            aria-label={title}
            onFocus={(event) => event.currentTarget.select()}
          />
          <CopyButton value={value ?? ''} select={() => input.current?.select()} />
        </ControlGroup>
      </DialogBody>
      <DialogFooter actions={<Button intent={Intent.PRIMARY} text="Close" onClick={onClose} />} />
    </Dialog>
  );
}
