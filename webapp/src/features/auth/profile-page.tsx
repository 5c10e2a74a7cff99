import { Button, Callout, Intent, NonIdealState } from '@blueprintjs/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { useSnapshot } from 'valtio';
import { ActivityCard } from '@/components/activity-card/activity-card';
import { ConfirmedAction } from '@/components/confirmed-action/confirmed-action';
import { DetailsList, Tags } from '@/components/details-list/details-list';
import { Loading } from '@/components/loading/loading';
import { PageHeader } from '@/components/page-header/page-header';
import {
  ACTIVITY_NOTE,
  endOwnSignIns,
  listOwnActivity,
  SIGN_OUT_EVERYWHERE_QUESTION,
  SIGNED_OUT_EVERYWHERE,
  TWO_STEP_DUE,
  TWO_STEP_DUE_TITLE,
} from '@/features/auth/account-api';
import { ApiTokenCard } from '@/features/auth/api-token-card';
import { ChangePasswordDialog } from '@/features/auth/change-password-dialog';
import { SignInsCard } from '@/features/auth/sign-ins-card';
import { TwoStepCard } from '@/features/auth/two-step-card';
import { LOGIN_PATH } from '@/lib/return-url';
import { showError } from '@/lib/toaster';
import { forgetUser, reloadProfile, session } from '@/state/session';

const reopen = () => {
  reloadProfile().catch(() => showError('Your account could not be loaded again: reload the page.'));
};

const ids = (values: readonly number[]) => (values.length === 0 ? '—' : values.join(', '));

/** /authentication/profile: the signed-in user's account, their password, two-step sign-in and sign-ins. */
export default function ProfilePage() {
  const { status, profile } = useSnapshot(session);
  const [changing, setChanging] = useState(false);
  if (status === 'loading') return <Loading />;
  if (status === 'signedOut' || profile === null) {
    return (
      <NonIdealState icon="user" title="Account" description="You are not signed in." action={<Link to={LOGIN_PATH}>Log in</Link>} />
    );
  }
  const { access } = profile;
  return (
    <div>
      <PageHeader
        title="Account"
        actions={
          <>
            <Button icon="key" text="Change password" onClick={() => setChanging(true)} />
            <ConfirmedAction
              icon="log-out"
              text="Sign out everywhere"
              question={SIGN_OUT_EVERYWHERE_QUESTION}
              run={endOwnSignIns}
              success={SIGNED_OUT_EVERYWHERE}
              failure="The sign-ins could not be ended."
              then={forgetUser}
            />
          </>
        }
      />
      <ChangePasswordDialog isOpen={changing} onClose={() => setChanging(false)} />
      {profile.twoStepDue && (
        <Callout className="pd-two-step-due" intent={Intent.WARNING} icon="shield" title={TWO_STEP_DUE_TITLE} role="alert">
          {TWO_STEP_DUE}
        </Callout>
      )}
      <DetailsList
        rows={[
          ['Name', profile.name],
          ['Email', profile.email],
          ['Type', profile.type],
          ['Roles', <Tags values={profile.roles} />],
          ...(access.admin
            ? ([['Access', 'Everything (administrator)']] as const)
            : ([
                ['Federations', ids(access.federations)],
                ['Clubs', ids(access.clubs)],
                ['Teams', ids(access.teams)],
                ['Matches', ids(access.matches)],
                ['Officials', ids(access.officials)],
              ] as const)),
        ]}
      />
      {/* Turned on, the rest of PoloDesk opens: the profile says so. */}
      <TwoStepCard onChange={profile.twoStepDue ? reopen : undefined} />
      <SignInsCard />
      <ActivityCard load={listOwnActivity} loadKey="own" note={ACTIVITY_NOTE} />
      {/* An API token would outlast the sign-in that made it: not before two-step sign-in is on. */}
      {!profile.twoStepDue && <ApiTokenCard />}
    </div>
  );
}
