import { Breadcrumbs, Button, Card, Classes, Intent, NonIdealState } from '@blueprintjs/core';
import { useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { ConfirmDelete } from '@/components/confirm-delete/confirm-delete';
import { EntityDrawer } from '@/components/entity-drawer/entity-drawer';
import { Loading } from '@/components/loading/loading';
import { personText } from '@/components/person-suggest/person-suggest';
import { PageHeader } from '@/components/page-header/page-header';
import { closeDrawerPath, screenModeFromPath } from '@/lib/screen-mode';
import { useDetail } from '@/lib/use-detail';
import { useCan } from '@/state/use-can';
import { UserForm } from '@/features/users/user-form';
import { useTieNames } from '@/features/users/user-ties';
import { DELETE_USER_QUESTION, deleteUserWithToast, getUser } from '@/features/users/users-api';

/** A user's details at /users/:userId; /users/:userId/edit opens the Edit user drawer over it. */
export default function UserDetailsPage() {
  const { userId } = useParams();
  const id = Number(userId);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const mode = screenModeFromPath(pathname);
  const canUpdate = useCan('Users', 'Update');
  const canDelete = useCan('Users', 'Delete');
  const { state: loaded, setDetail } = useDetail(id, getUser);
  const { federationOf, clubOf } = useTieNames(loaded?.detail ? [loaded.detail] : null);
  const [confirming, setConfirming] = useState(false);

  if (loaded === null) return <Loading />;
  if (loaded.detail === null) {
    return <NonIdealState icon="error" title="The user could not be loaded" description={loaded.error} />;
  }
  const user = loaded.detail;
  const toDetails = () => navigate(closeDrawerPath(pathname));

  return (
    <div>
      <Breadcrumbs
        items={[
          {
            text: 'Users',
            href: '/users',
            onClick: (event) => {
              event.preventDefault();
              navigate('/users');
            },
          },
          { text: user.email },
        ]}
      />
      <PageHeader
        title={user.email}
        actions={
          <>
            {canUpdate && <Button icon="edit" text="Edit" onClick={() => navigate(`/users/${user.id}/edit`)} />}
            {canDelete && (
              <Button icon="trash" intent={Intent.DANGER} text="Delete" onClick={() => setConfirming(true)} />
            )}
          </>
        }
      />
      <Card className="pd-details">
        <dl className="pd-details-list">
          <dt className={Classes.TEXT_MUTED}>Email</dt>
          <dd>{user.email}</dd>
          <dt className={Classes.TEXT_MUTED}>User name</dt>
          <dd>{user.userName}</dd>
          <dt className={Classes.TEXT_MUTED}>Type</dt>
          <dd>{user.type}</dd>
          <dt className={Classes.TEXT_MUTED}>Federation</dt>
          <dd>{federationOf(user) ?? '—'}</dd>
          <dt className={Classes.TEXT_MUTED}>Club</dt>
          <dd>{clubOf(user) ?? '—'}</dd>
          <dt className={Classes.TEXT_MUTED}>Person</dt>
          <dd>{user.person ? personText(user.person) : '—'}</dd>
          <dt className={Classes.TEXT_MUTED}>Phone</dt>
          <dd>{user.phoneNumber || '—'}</dd>
          <dt className={Classes.TEXT_MUTED}>Email confirmed</dt>
          <dd>{user.emailConfirmed ? 'Yes' : 'No'}</dd>
        </dl>
      </Card>
      <EntityDrawer isOpen={mode === 'edit'} title="Edit user" onClose={toDetails}>
        <UserForm
          key={user.id}
          user={user}
          onCancel={toDetails}
          onSaved={(saved) => {
            setDetail(saved);
            toDetails();
          }}
        />
      </EntityDrawer>
      <ConfirmDelete
        isOpen={confirming}
        question={DELETE_USER_QUESTION}
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          if (await deleteUserWithToast(user.id)) navigate('/users');
        }}
      />
    </div>
  );
}
