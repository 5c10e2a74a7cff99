import { Button, Classes, Intent } from '@blueprintjs/core';
import { useState } from 'react';

interface CopyButtonProps {
  /** What goes to the clipboard. */
  value: string;
  /** The button's text before it has copied, e.g. 'Copy codes'. */
  text?: string;
  /**
   * Selects the shown text, for the older copy command where there is no clipboard access
   * (an insecure origin).
   */
  select: () => void;
}

/** A button that copies a secret shown once, saying Copied when it has. */
export function CopyButton({ value, text = 'Copy', select }: CopyButtonProps) {
  const [copied, setCopied] = useState(false);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
    } catch {
      select();
      document.execCommand('copy');
    }
    setCopied(true);
  };

  return (
    <Button
      icon={copied ? 'tick' : 'clipboard'}
      text={copied ? 'Copied' : text}
      intent={copied ? Intent.SUCCESS : Intent.NONE}
      className={Classes.FIXED}
      onClick={() => void copy()}
    />
  );
}
