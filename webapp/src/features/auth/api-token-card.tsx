import { Button, Callout, Card, Classes, H4, Intent, Spinner } from '@blueprintjs/core';
import { useState } from 'react';
import { errorMessage } from '@/api/client';
import { ConfirmedAction } from '@/components/confirmed-action/confirmed-action';
import { ShownOnceDialog } from '@/components/shown-once-dialog/shown-once-dialog';
import {
  type ApiTokenStatus,
  getOwnApiToken,
  issueApiToken,
  NEW_TOKEN_QUESTION,
  REVOKE_TOKEN_QUESTION,
  revokeApiToken,
  TOKEN_NOTE,
  TOKEN_REVOKED,
  endsSoon,
} from '@/features/auth/account-api';
import { formatDate } from '@/lib/dates';
import { showError } from '@/lib/toaster';
import { useLoaded } from '@/lib/use-loaded';

const day = (unixSeconds: number) => formatDate(new Date(unixSeconds * 1000).toISOString());

/**
 * The user's personal API token for scripts and the command line: when it was issued and when
 * it stops working (with a warning in its last month); a new one is shown once, and it can be
 * revoked.
 */
export function ApiTokenCard() {
  // undefined while loading; null when there is none.
  const { value: status, setValue: setStatus } = useLoaded<ApiTokenStatus>(getOwnApiToken);
  const [shown, setShown] = useState<string | null>(null);
  const [issuing, setIssuing] = useState(false);
  // The page's moment: a token's end is weighed against it.
  const [now] = useState(() => Date.now() / 1000);

  const issue = async () => {
    const issued = await issueApiToken();
    setStatus({ createdAt: issued.createdAt, expiresAt: issued.expiresAt });
    setShown(issued.token);
  };
  const issueFirst = async () => {
    setIssuing(true);
    try {
      await issue();
    } catch (error) {
      void showError(errorMessage(error, 'The API token could not be issued.'));
    } finally {
      setIssuing(false);
    }
  };

  return (
    <Card className="pd-details pd-account-card">
      <H4>API token</H4>
      <p className={Classes.TEXT_MUTED}>
        Scripts and the command line sign in with a personal API token instead of your password. It works for a year.
      </p>
      {status === undefined ? (
        <Spinner size={20} />
      ) : status === null ? (
        <>
          <p>You have no API token.</p>
          <Button icon="key" text="Issue a token" loading={issuing} onClick={() => void issueFirst()} />
        </>
      ) : (
        <>
          <p>
            Issued {day(status.createdAt)} Works until {day(status.expiresAt)}
          </p>
          {endsSoon(status, now) && (
            <Callout intent={Intent.WARNING} icon="time" role="status">
              Your API token stops working on {day(status.expiresAt)} Issue a new one and give it to your scripts.
            </Callout>
          )}
          <div className="pd-card-actions">
            <ConfirmedAction
              icon="key"
              text="Issue a new token"
              question={NEW_TOKEN_QUESTION}
              run={issue}
              success="A new API token is issued."
              failure="The API token could not be issued."
            />
            <ConfirmedAction
              icon="disable"
              text="Revoke"
              question={REVOKE_TOKEN_QUESTION}
              run={revokeApiToken}
              success={TOKEN_REVOKED}
              failure="The API token could not be revoked."
              then={async () => setStatus(null)}
            />
          </div>
        </>
      )}
      <ShownOnceDialog title="API token" icon="key" note={TOKEN_NOTE} value={shown} onClose={() => setShown(null)} />
    </Card>
  );
}
