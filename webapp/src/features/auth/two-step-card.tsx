import { Button, Callout, Card, Classes, H4, Intent, Spinner } from '@blueprintjs/core';
import { useState } from 'react';
import {
  FEW_RECOVERY_CODES,
  fewRecoveryCodesLeft,
  getOwnTwoStep,
  newRecoveryCodes,
  recoveryCodesLeft,
  TWO_STEP_EXPLAINED,
  TWO_STEP_KEPT,
  TWO_STEP_TURNED_OFF,
  TWO_STEP_TURNED_ON,
  turnOffTwoStep,
  type TwoStepStatus,
} from '@/features/auth/account-api';
import { RecoveryCodesStep } from '@/features/auth/recovery-codes';
import { StepDialog, StepForm } from '@/features/auth/step-form';
import { TwoStepSetupDialog } from '@/features/auth/two-step-setup-dialog';
import { showSuccess } from '@/lib/toaster';
import { useLoaded } from '@/lib/use-loaded';

type Open = 'turnOn' | 'newCodes' | 'turnOff' | null;

interface DialogProps {
  isOpen: boolean;
  onCancel: () => void;
  onDone: () => void;
}

/** New recovery codes after the password, shown once. */
function NewCodesSteps({ onCancel, onDone }: Omit<DialogProps, 'isOpen'>) {
  const [codes, setCodes] = useState<readonly string[] | null>(null);
  if (codes !== null) return <RecoveryCodesStep codes={codes} onDone={onDone} />;
  return (
    <StepForm
      field="currentPassword"
      submit="New recovery codes"
      failure="The recovery codes could not be made."
      run={async (password) => setCodes((await newRecoveryCodes(password)).codes)}
      onCancel={onCancel}
    >
      <p>Type your password. Your recovery codes not used yet stop working once you have new ones.</p>
    </StepForm>
  );
}

function NewCodesDialog({ isOpen, onCancel, onDone }: DialogProps) {
  return (
    <StepDialog isOpen={isOpen} title="New recovery codes" icon="key" onCancel={onCancel}>
      <NewCodesSteps onCancel={onCancel} onDone={onDone} />
    </StepDialog>
  );
}

function TurnOffDialog({ isOpen, onCancel, onDone }: DialogProps) {
  return (
    <StepDialog isOpen={isOpen} title="Turn off two-step sign-in" icon="disable" onCancel={onCancel}>
      <StepForm
        field="currentPassword"
        submit="Turn off"
        submitIntent={Intent.DANGER}
        failure="Two-step sign-in could not be turned off."
        run={async (password) => {
          await turnOffTwoStep(password);
          void showSuccess(TWO_STEP_TURNED_OFF);
          onDone();
        }}
        onCancel={onCancel}
      >
        <p>Type your password. From then on your password alone signs you in.</p>
      </StepForm>
    </StepDialog>
  );
}

interface TwoStepCardProps {
  /** Called once two-step sign-in has been turned on or off here. */
  onChange?: () => void;
}

/**
 * Whether the user's sign-ins ask for an authenticator app's code, turned on and off here, with
 * its recovery codes. An account the server requires it of cannot turn it off.
 */
export function TwoStepCard({ onChange }: TwoStepCardProps) {
  // undefined while loading; null when it could not be loaded.
  const { value: status, reload } = useLoaded<TwoStepStatus>(getOwnTwoStep);
  const [open, setOpen] = useState<Open>(null);

  const close = () => setOpen(null);
  const closeAndReload = () => {
    setOpen(null);
    reload();
    onChange?.();
  };

  return (
    <Card className="pd-details pd-account-card">
      <H4>Two-step sign-in</H4>
      {status === undefined ? (
        <Spinner size={20} />
      ) : status === null ? (
        <p className={Classes.TEXT_MUTED}>Two-step sign-in could not be loaded.</p>
      ) : status.on ? (
        <>
          <p>{TWO_STEP_TURNED_ON}</p>
          {status.recoveryCodesLeft <= FEW_RECOVERY_CODES ? (
            <Callout intent={Intent.WARNING} icon="warning-sign" role="status">
              {fewRecoveryCodesLeft(status.recoveryCodesLeft)}
            </Callout>
          ) : (
            <p>{recoveryCodesLeft(status.recoveryCodesLeft)}</p>
          )}
          <div className="pd-card-actions">
            <Button icon="key" text="New recovery codes" onClick={() => setOpen('newCodes')} />
            {!status.required && (
              <Button icon="disable" text="Turn off two-step sign-in" onClick={() => setOpen('turnOff')} />
            )}
          </div>
          {status.required && <p className={Classes.TEXT_MUTED}>{TWO_STEP_KEPT}</p>}
        </>
      ) : (
        <>
          <p className={Classes.TEXT_MUTED}>{TWO_STEP_EXPLAINED}</p>
          <Button icon="shield" text="Turn on two-step sign-in" onClick={() => setOpen('turnOn')} />
        </>
      )}
      <TwoStepSetupDialog isOpen={open === 'turnOn'} onCancel={close} onDone={closeAndReload} />
      <NewCodesDialog isOpen={open === 'newCodes'} onCancel={close} onDone={closeAndReload} />
      <TurnOffDialog isOpen={open === 'turnOff'} onCancel={close} onDone={closeAndReload} />
    </Card>
  );
}
