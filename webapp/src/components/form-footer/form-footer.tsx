import { Button, Classes, Intent, Spinner, SpinnerSize } from '@blueprintjs/core';

interface FormFooterProps {
  /** Whether the form has been changed; Save stays disabled until it has. */
  dirty: boolean;
  saving: boolean;
  onCancel: () => void;
}

/** Cancel and Save for a form inside a drawer; Save submits the surrounding form. */
export function FormFooter({ dirty, saving, onCancel }: FormFooterProps) {
  return (
    <div className={Classes.DRAWER_FOOTER}>
      <div className="pd-form-footer">
        <Button text="Cancel" onClick={onCancel} disabled={saving} />
        <Button
          type="submit"
          intent={Intent.PRIMARY}
          disabled={!dirty || saving}
          icon={saving ? <Spinner size={SpinnerSize.SMALL} /> : undefined}
          text={saving ? 'Saving' : 'Save'}
        />
      </div>
    </div>
  );
}
