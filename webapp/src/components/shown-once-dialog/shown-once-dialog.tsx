import { Button, Classes, ControlGroup, Dialog, DialogBody, DialogFooter, type IconName, InputGroup, Intent } from '@blueprintjs/core';
import { useRef, useState } from 'react';

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
  const [copied, setCopied] = useState(false);

  const copy = async () => {
    if (value === null) return;
    try {
      await navigator.clipboard.writeText(value);
    } catch {
      // No clipboard access (an insecure origin): select the text and use the older command.
      input.current?.select();
      document.execCommand('copy');
    }
    setCopied(true);
  };

  return (
    <Dialog
      isOpen={value !== null}
      title={title}
      icon={icon}
      onClose={onClose}
      onClosed={() => setCopied(false)}
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
          <Button
            icon={copied ? 'tick' : 'clipboard'}
            text={copied ? 'Copied' : 'Copy'}
            intent={copied ? Intent.SUCCESS : Intent.NONE}
            className={Classes.FIXED}
            onClick={() => void copy()}
          />
        </ControlGroup>
      </DialogBody>
      <DialogFooter actions={<Button intent={Intent.PRIMARY} text="Close" onClick={onClose} />} />
    </Dialog>
  );
}
