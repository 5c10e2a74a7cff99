import { Card, Classes, NonIdealState, Tag } from '@blueprintjs/core';
import { Link } from 'react-router';
import { useSnapshot } from 'valtio';
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
      <Card className="pd-details">
        <dl className="pd-details-list">
          <dt className={Classes.TEXT_MUTED}>Name</dt>
          <dd>{profile.name}</dd>
          <dt className={Classes.TEXT_MUTED}>Email</dt>
          <dd>{profile.email}</dd>
          <dt className={Classes.TEXT_MUTED}>Type</dt>
          <dd>{profile.type}</dd>
          <dt className={Classes.TEXT_MUTED}>Roles</dt>
          <dd className="pd-tags">
            {profile.roles.map((role) => (
              <Tag key={role} minimal>
                {role}
              </Tag>
            ))}
          </dd>
          {access.admin ? (
            <>
              <dt className={Classes.TEXT_MUTED}>Access</dt>
              <dd>Everything (administrator)</dd>
            </>
          ) : (
            <>
              <dt className={Classes.TEXT_MUTED}>Federations</dt>
              <dd>{ids(access.federations)}</dd>
              <dt className={Classes.TEXT_MUTED}>Clubs</dt>
              <dd>{ids(access.clubs)}</dd>
              <dt className={Classes.TEXT_MUTED}>Teams</dt>
              <dd>{ids(access.teams)}</dd>
              <dt className={Classes.TEXT_MUTED}>Matches</dt>
              <dd>{ids(access.matches)}</dd>
              <dt className={Classes.TEXT_MUTED}>Officials</dt>
              <dd>{ids(access.officials)}</dd>
            </>
          )}
        </dl>
      </Card>
    </div>
  );
}
