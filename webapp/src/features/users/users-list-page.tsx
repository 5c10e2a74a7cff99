import { Button, Intent, NonIdealState } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { errorMessage } from '@/api/client';
import { ConfirmDelete } from '@/components/confirm-delete/confirm-delete';
import { type Column, DataTable } from '@/components/data-table/data-table';
import { EntityDrawer } from '@/components/entity-drawer/entity-drawer';
import { Loading } from '@/components/loading/loading';
import { personText } from '@/components/person-suggest/person-suggest';
import { RowActions } from '@/components/row-actions/row-actions';
import { PageHeader } from '@/components/page-header/page-header';
import { ShownOnceDialog } from '@/components/shown-once-dialog/shown-once-dialog';
import { screenModeFromPath } from '@/lib/screen-mode';
import { useCan } from '@/state/use-can';
import { UserForm } from '@/features/users/user-form';
import { useTieNames } from '@/features/users/user-ties';
import { DELETE_USER_QUESTION, deleteUserWithToast, listUsers, type User } from '@/features/users/users-api';

type ListState = { users: User[]; error: null } | { users: null; error: string | null };

/** The users list at /users; /users/create opens the Add user drawer over it. */
export default function UsersListPage() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const mode = screenModeFromPath(pathname);
  const canCreate = useCan('Users', 'Create');
  const canUpdate = useCan('Users', 'Update');
  const canDelete = useCan('Users', 'Delete');
  const [state, setState] = useState<ListState>({ users: null, error: null });
  const [reloads, setReloads] = useState(0);
  const [deleting, setDeleting] = useState<User | null>(null);
  const [setPasswordUrl, setSetPasswordUrl] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    listUsers().then(
      (users) => current && setState({ users, error: null }),
      (error: unknown) => current && setState({ users: null, error: errorMessage(error, 'Error loading data.') }),
    );
    return () => {
      current = false;
    };
  }, [reloads]);

  const users = state.users;
  const { federationOf, clubOf } = useTieNames(users);

  const reload = () => setReloads((count) => count + 1);
  // The list state stays in the query string while the drawer opens and closes.
  const toList = () => navigate({ pathname: '/users', search });

  const columns: Column<User>[] = [
    {
      key: 'email',
      title: 'Email',
      value: (user) => user.email,
      render: (user) => <Link to={`/users/${user.id}`}>{user.email}</Link>,
    },
    { key: 'type', title: 'Type', value: (user) => user.type },
    { key: 'federation', title: 'Federation', value: federationOf },
    { key: 'club', title: 'Club', value: clubOf },
    { key: 'person', title: 'Person', value: (user) => (user.person ? personText(user.person) : null) },
    {
      key: 'actions',
      title: 'Actions',
      className: 'pd-actions-cell',
      render: (user) => (
        <RowActions
          detailsTo={`/users/${user.id}`}
          label={user.email}
          onEdit={canUpdate ? () => navigate(`/users/${user.id}/edit`) : undefined}
          onDelete={canDelete ? () => setDeleting(user) : undefined}
        />
      ),
    },
  ];

  return (
    <div>
      <PageHeader
        title="Users"
        actions={
          canCreate && (
            <Button
              intent={Intent.PRIMARY}
              icon="plus"
              text="Add user"
              onClick={() => navigate({ pathname: '/users/create', search })}
            />
          )
        }
      />
      {users ? (
        <DataTable
          items={users}
          columns={columns}
          rowKey={(user) => user.id}
          emptyText="There are no users."
          filterPlaceholder="Filter by email, type, federation, club or person"
        />
      ) : state.error !== null ? (
        <NonIdealState icon="error" title="The users could not be loaded" description={state.error} />
      ) : (
        <Loading />
      )}
      <EntityDrawer isOpen={mode === 'create'} title="Add user" onClose={toList}>
        <UserForm
          user={null}
          onCancel={toList}
          onSaved={(saved) => {
            reload();
            // A new user's link shows once; the drawer closes with the dialog.
            if ('setPasswordUrl' in saved && saved.setPasswordUrl) setSetPasswordUrl(saved.setPasswordUrl);
            else toList();
          }}
        />
      </EntityDrawer>
      <ShownOnceDialog
        title="Set-password link"
        icon="key"
        note="Give this link to the user. It works once and expires in 7 days."
        value={setPasswordUrl}
        onClose={() => {
          setSetPasswordUrl(null);
          toList();
        }}
      />
      <ConfirmDelete
        isOpen={deleting !== null}
        question={DELETE_USER_QUESTION}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (deleting && (await deleteUserWithToast(deleting.id))) reload();
        }}
      />
    </div>
  );
}
