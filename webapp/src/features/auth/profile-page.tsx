import { NonIdealState } from '@blueprintjs/core';
import { Link } from 'react-router';
import { useSnapshot } from 'valtio';
import { DetailsList, Tags } from '@/components/details-list/details-list';
import { Loading } from '@/components/loading/loading';
import { PageHeader } from '@/components/page-header/page-header';
import { LOGIN_PATH } from '@/lib/return-url';
import { session } from '@/state/session';

const ids = (values: readonly number[]) => (values.length === 0 ? '—' : values.join(', '));

/** /authentication/profile: the signed-in user's account. */
export default function ProfilePage() {
  const { status, profile } = useSnapshot(session);
  if (status === 'loading') return <Loading />;
  if (status === 'signedOut' || profile === null) {
    return (
      <NonIdealState icon="user" title="Account" description="You are not signed in." action={<Link to={LOGIN_PATH}>Log in</Link>} />
    );
  }
  const { access } = profile;
  return (
    <div>
      <PageHeader title="Account" />
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
    </div>
  );
}
