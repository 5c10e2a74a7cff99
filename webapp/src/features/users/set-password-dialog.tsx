import { Button, Classes, ControlGroup, Dialog, DialogBody, DialogFooter, InputGroup, Intent } from '@blueprintjs/core';
import { useRef, useState } from 'react';

interface SetPasswordDialogProps {
  /** The one-time link; the dialog is open while there is one. */
  url: string | null;
  onClose: () => void;
}

/** Shows a new user's set-password link once, with a copy button. */
export function SetPasswordDialog({ url, onClose }: SetPasswordDialogProps) {
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);

  const copy = async () => {
    if (url === null) return;
    try {
      await navigator.clipboard.writeText(url);
    } catch {
      // No clipboard access (an insecure origin): select the text and use the older command.
      input.current?.select();
      document.execCommand('copy');
    }
    setCopied(true);
  };

  return (
    <Dialog
      isOpen={url !== null}
      title="Set-password link"
      icon="key"
      onClose={onClose}
      onClosed={() => setCopied(false)}
      canOutsideClickClose={false}
      isCloseButtonShown={false}
    >
      <DialogBody>
        <p>Give this link to the user. It works once and expires in 7 days.</p>
        <ControlGroup fill>
          <InputGroup
            id="set-password-url"
            inputRef={input}
            value={url ?? ''}
            readOnly
            aria-label="Set-password link"
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
