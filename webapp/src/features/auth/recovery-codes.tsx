import { Button, Classes, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import { useRef } from 'react';
import { CopyButton } from '@/components/shown-once-dialog/copy-button';
import { RECOVERY_CODES_FILE, RECOVERY_CODES_NOTE } from '@/features/auth/account-api';

const asText = (codes: readonly string[]) => `${codes.join('\n')}\n`;

/** Saves the codes as a text file, one a line. */
function download(codes: readonly string[]) {
  const url = URL.createObjectURL(new Blob([asText(codes)], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = RECOVERY_CODES_FILE;
  link.click();
  // The download has started from the click; the file's URL is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** New recovery codes, shown this once: copied or downloaded, then Done. */
export function RecoveryCodesStep({ codes, onDone }: { codes: readonly string[]; onDone: () => void }) {
  const list = useRef<HTMLOListElement>(null);
  return (
    <>
      <DialogBody>
        <p>{RECOVERY_CODES_NOTE}</p>
        <ol ref={list} className={`pd-recovery-codes ${Classes.MONOSPACE_TEXT}`} aria-label="Recovery codes">
          {codes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </ol>
        <div className="pd-card-actions">
          <CopyButton
            value={asText(codes)}
            text="Copy codes"
            select={() => list.current && window.getSelection()?.selectAllChildren(list.current)}
          />
          <Button icon="download" text="Download" onClick={() => download(codes)} />
        </div>
      </DialogBody>
      <DialogFooter actions={<Button intent={Intent.PRIMARY} text="Done" onClick={onDone} />} />
    </>
  );
}
