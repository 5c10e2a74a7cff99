import { Classes, ControlGroup, FormGroup, InputGroup } from '@blueprintjs/core';
import { QRCodeSVG } from 'qrcode.react';
import { useRef, useState } from 'react';
import { CopyButton } from '@/components/shown-once-dialog/copy-button';
import {
  confirmTwoStep,
  keyInBlocks,
  startTwoStep,
  TWO_STEP_TURNED_ON,
  type TwoStepSetup,
} from '@/features/auth/account-api';
import { RecoveryCodesStep } from '@/features/auth/recovery-codes';
import { StepDialog, StepForm } from '@/features/auth/step-form';
import { showSuccess } from '@/lib/toaster';

/** The new key for the authenticator app: a QR code of its link, and the key to type by hand. */
function AppKey({ setup }: { setup: TwoStepSetup }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <p>
        Scan this QR code with your authenticator app, or type the key into it by hand. Then type the code the app
        shows.
      </p>
      <div className="pd-two-step-qr">
        <QRCodeSVG value={setup.uri} size={176} marginSize={2} role="img" aria-label="QR code for your authenticator app" />
      </div>
      <FormGroup label="Key" labelFor="two-step-key">
        <ControlGroup fill>
          <InputGroup
            id="two-step-key"
            inputRef={input}
            value={keyInBlocks(setup.key)}
            readOnly
            inputClassName={Classes.MONOSPACE_TEXT}
            onFocus={(event) => event.currentTarget.select()}
          />
          <CopyButton value={setup.key} select={() => input.current?.select()} />
        </ControlGroup>
      </FormGroup>
    </>
  );
}

interface StepsProps {
  onCancel: () => void;
  onDone: () => void;
}

/** The password, then the app's key and its first code, then the recovery codes. */
function TurnOnSteps({ onCancel, onDone }: StepsProps) {
  const [setup, setSetup] = useState<TwoStepSetup | null>(null);
  const [codes, setCodes] = useState<readonly string[] | null>(null);

  if (codes !== null) return <RecoveryCodesStep codes={codes} onDone={onDone} />;
  if (setup !== null) {
    return (
      <StepForm
        key="code"
        field="code"
        submit="Turn on"
        failure="Two-step sign-in could not be turned on."
        run={async (code) => {
          const answer = await confirmTwoStep(code);
          void showSuccess(TWO_STEP_TURNED_ON);
          setCodes(answer.codes);
        }}
        onCancel={onCancel}
      >
        <AppKey setup={setup} />
      </StepForm>
    );
  }
  return (
    <StepForm
      key="password"
      field="currentPassword"
      submit="Next"
      failure="Two-step sign-in could not be set up."
      run={async (password) => setSetup(await startTwoStep(password))}
      onCancel={onCancel}
    >
      <p>Type your password, then add PoloDesk to the authenticator app on your phone.</p>
    </StepForm>
  );
}

/** Turning two-step sign-in on: Cancel before the app's code is confirmed, Done once the recovery codes are shown. */
export function TwoStepSetupDialog({ isOpen, onCancel, onDone }: StepsProps & { isOpen: boolean }) {
  return (
    <StepDialog isOpen={isOpen} title="Turn on two-step sign-in" icon="shield" onCancel={onCancel}>
      <TurnOnSteps onCancel={onCancel} onDone={onDone} />
    </StepDialog>
  );
}
