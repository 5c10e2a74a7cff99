import { Button } from '@blueprintjs/core';
import { useState } from 'react';
import { useParams } from 'react-router';
import { errorMessage } from '@/api/client';
import { ActivityCard } from '@/components/activity-card/activity-card';
import { ConfirmedAction } from '@/components/confirmed-action/confirmed-action';
import { DetailsList, yesNo } from '@/components/details-list/details-list';
import { personText } from '@/components/person-suggest/person-suggest';
import { RecordDetailsPage } from '@/components/record-details-page/record-details-page';
import { ShownOnceDialog } from '@/components/shown-once-dialog/shown-once-dialog';
import { UserForm } from '@/features/users/user-form';
import { useTieNames } from '@/features/users/user-ties';
import {
  DELETE_USER_QUESTION,
  deleteUserWithToast,
  END_SIGN_INS_QUESTION,
  endUserSignIns,
  getUser,
  issueSetPasswordLink,
  listUserActivity,
  RESET_TWO_STEP_QUESTION,
  resetTwoStep,
  SET_PASSWORD_LINK_NOTE,
  TWO_STEP_RESET,
  type User,
  USER_ACTIVITY_NOTE,
  USER_SIGN_INS_ENDED,
} from '@/features/users/users-api';
import { showError } from '@/lib/toaster';
import { useCan } from '@/state/use-can';

/** A user's account, with the names of the federation and club it is tied to. */
function UserDetails({ user }: { user: User }) {
  const { federationOf, clubOf } = useTieNames([user]);
  return (
    <DetailsList
      rows={[
        ['Email', user.email],
        ['User name', user.userName],
        ['Type', user.type],
        ['Federation', federationOf(user)],
        ['Club', clubOf(user)],
        ['Person', user.person ? personText(user.person) : null],
        ['Phone', user.phoneNumber],
        ['Email confirmed', yesNo(user.emailConfirmed)],
        ['Two-step sign-in', user.twoStep ? 'On' : 'Off'],
      ]}
    />
  );
}

/** Asks for a new set-password link for `user` and shows it once. */
function NewLinkButton({ user }: { user: User }) {
  const [link, setLink] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const issue = async () => {
    setBusy(true);
    try {
      setLink((await issueSetPasswordLink(user.id)).setPasswordUrl);
    } catch (error) {
      void showError(errorMessage(error, 'The link could not be made.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button icon="key" text="New set-password link" loading={busy} onClick={() => void issue()} />
      <ShownOnceDialog title="Set-password link" icon="key" note={SET_PASSWORD_LINK_NOTE} value={link} onClose={() => setLink(null)} />
    </>
  );
}

/**
 * A user's details at /users/:userId, with their Recent activity (shown again after an action
 * here adds to it); /users/:userId/edit opens the Edit user drawer over it.
 */
export default function UserDetailsPage() {
  const { userId } = useParams();
  const canUpdate = useCan('Users', 'Update');
  const [actionsDone, setActionsDone] = useState(0);
  const noteAction = async () => setActionsDone((done) => done + 1);
  return (
    <RecordDetailsPage
      id={Number(userId)}
      load={getUser}
      list={{ module: 'Users', path: '/users', title: 'Users' }}
      noun="user"
      title={(user) => user.email}
      renderDetails={(user) => (
        <>
          <UserDetails user={user} />
          <ActivityCard
            load={() => listUserActivity(user.id)}
            loadKey={`${user.id}:${actionsDone}`}
            note={USER_ACTIVITY_NOTE}
          />
        </>
      )}
      editTitle="Edit user"
      renderEditForm={(user, done) => <UserForm user={user} {...done} />}
      deletion={{ question: DELETE_USER_QUESTION, run: deleteUserWithToast }}
      actions={(user, reload) =>
        canUpdate && (
          <>
            <NewLinkButton user={user} />
            <ConfirmedAction
              icon="log-out"
              text="End sign-ins"
              question={END_SIGN_INS_QUESTION}
              run={() => endUserSignIns(user.id)}
              success={USER_SIGN_INS_ENDED}
              failure="The sign-ins could not be ended."
              then={noteAction}
            />
            {user.twoStep && (
              <ConfirmedAction
                icon="disable"
                text="Turn off two-step sign-in"
                question={RESET_TWO_STEP_QUESTION}
                run={() => resetTwoStep(user.id)}
                success={TWO_STEP_RESET}
                failure="Two-step sign-in could not be turned off."
                then={async () => {
                  await noteAction();
                  reload();
                }}
              />
            )}
          </>
        )
      }
    />
  );
}
