import { Card, Classes, H4, HTMLTable, Intent, Spinner, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { ConfirmedAction } from '@/components/confirmed-action/confirmed-action';
import { TableFrame } from '@/components/table-frame/table-frame';
import {
  endOwnSignIn,
  listOwnSignIns,
  SIGNED_OUT_THERE,
  type SignIn,
  signOutThereQuestion,
} from '@/features/auth/account-api';
import { useLoaded } from '@/lib/reference-lookups';
import { formatUnixDateTime } from '@/lib/dates';

/**
 * Where the signed-in user is signed in, this device marked. Any other sign-in can be signed
 * out alone; this one signs out with Log out, and all of them with Sign out everywhere.
 */
export function SignInsCard() {
  const loaded = useLoaded(listOwnSignIns, 'own');
  // Those signed out here leave the list at once; the rest stays as loaded, this device first.
  const [ended, setEnded] = useState<readonly number[]>([]);
  const signIns =
    loaded
      ?.filter((signIn) => !ended.includes(signIn.id))
      .sort((a, b) => Number(b.current) - Number(a.current)) ?? null;
  return (
    <Card className="pd-details pd-account-card pd-sign-ins">
      <H4>Sign-ins</H4>
      <p className={Classes.TEXT_MUTED}>
        Where you are signed in to PoloDesk. Sign out a device you no longer use or do not recognise.
      </p>
      {signIns === null ? (
        <Spinner size={20} />
      ) : signIns.length === 0 ? (
        <p>No sign-ins.</p>
      ) : (
        <TableFrame>
          <HTMLTable className="pd-table" compact>
            <thead>
              <tr>
                <th>Device</th>
                <th>App</th>
                <th>Last active</th>
                <th>Signed in</th>
                <th>Address</th>
                <th className="pd-actions-cell">Actions</th>
              </tr>
            </thead>
            <tbody>
              {signIns.map((signIn) => (
                <SignInRow key={signIn.id} signIn={signIn} ended={async () => setEnded((ids) => [...ids, signIn.id])} />
              ))}
            </tbody>
          </HTMLTable>
        </TableFrame>
      )}
    </Card>
  );
}

function SignInRow({ signIn, ended }: { signIn: SignIn; ended: () => Promise<void> }) {
  return (
    <tr>
      <td>
        <div className="pd-cell">
          {signIn.device}{' '}
          {signIn.current && (
            <Tag minimal intent={Intent.PRIMARY}>
              This device
            </Tag>
          )}
        </div>
      </td>
      <td>{signIn.app}</td>
      <td>{formatUnixDateTime(signIn.lastUsedAt)}</td>
      <td>{formatUnixDateTime(signIn.signedInAt)}</td>
      <td>{signIn.address ?? '—'}</td>
      <td className="pd-actions-cell">
        {!signIn.current && (
          <ConfirmedAction
            icon="log-out"
            text="Sign out"
            question={signOutThereQuestion(signIn)}
            run={() => endOwnSignIn(signIn.id)}
            success={SIGNED_OUT_THERE}
            failure="The sign-in could not be ended."
            then={ended}
          />
        )}
      </td>
    </tr>
  );
}
