import { Breadcrumbs, Button, Card, Classes, Intent, NonIdealState } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useSnapshot } from 'valtio';
import { ApiRequestError, errorMessage } from '@/api/client';
import { ConfirmDelete } from '@/components/confirm-delete/confirm-delete';
import { EntityDrawer } from '@/components/entity-drawer/entity-drawer';
import { Loading } from '@/components/loading/loading';
import { personText } from '@/components/person-suggest/person-suggest';
import { PageHeader } from '@/components/page-header/page-header';
import { closeDrawerPath, screenModeFromPath } from '@/lib/screen-mode';
import { loadClubs, loadFederations, lookups, type NamedItem } from '@/state/lookups';
import { useCan } from '@/state/use-can';
import { UserForm } from '@/features/users/user-form';
import { DELETE_USER_QUESTION, deleteUserWithToast, getUser, type User } from '@/features/users/users-api';

type Loaded = { id: number; user: User; error: null } | { id: number; user: null; error: string };

const nameOf = (items: readonly NamedItem[], id: number | null | undefined) =>
  id === null || id === undefined ? '—' : (items.find((item) => item.id === id)?.name ?? `#${id}`);

/** A user's details at /users/:userId; /users/:userId/edit opens the Edit user drawer over it. */
export default function UserDetailsPage() {
  const { userId } = useParams();
  const id = Number(userId);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const mode = screenModeFromPath(pathname);
  const { federations, clubs } = useSnapshot(lookups);
  const canUpdate = useCan('Users', 'Update');
  const canDelete = useCan('Users', 'Delete');
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [confirming, setConfirming] = useState(false);

  useEffect(() => {
    let current = true;
    getUser(id).then(
      (user) => {
        if (!current) return;
        setLoaded({ id, user, error: null });
        if ((user.federationId ?? null) !== null) void loadFederations();
        if ((user.clubId ?? null) !== null) void loadClubs();
      },
      (error: unknown) => {
        if (!current) return;
        if (error instanceof ApiRequestError && error.status === 404) navigate('/not-found', { replace: true });
        else setLoaded({ id, user: null, error: errorMessage(error, 'Error loading data.') });
      },
    );
    return () => {
      current = false;
    };
  }, [id, navigate]);

  if (loaded === null || loaded.id !== id) return <Loading />;
  if (loaded.user === null) {
    return <NonIdealState icon="error" title="The user could not be loaded" description={loaded.error} />;
  }
  const user = loaded.user;
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
          <dd>{nameOf(federations, user.federationId)}</dd>
          <dt className={Classes.TEXT_MUTED}>Club</dt>
          <dd>{nameOf(clubs, user.clubId)}</dd>
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
            setLoaded({ id: saved.id, user: saved, error: null });
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
