import { Button, Intent } from '@blueprintjs/core';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { ConfirmDelete } from '@/components/confirm-delete/confirm-delete';
import { EntityDrawer } from '@/components/entity-drawer/entity-drawer';
import { PageHeader } from '@/components/page-header/page-header';
import { type ServerColumn, type ServerFilter, ServerTable } from '@/components/server-table/server-table';
import { formatDate } from '@/lib/dates';
import { screenModeFromPath } from '@/lib/screen-mode';
import { useCan } from '@/state/use-can';
import { CoachForm } from '@/features/coaches/coach-form';
import {
  type Coach,
  DELETE_COACH_QUESTION,
  deleteCoachWithToast,
  searchCoaches,
} from '@/features/coaches/coaches-api';

/** The search's filters (spec 01 §3: Name, Surname, CountryOfBirth, CityOfBirth; and Club, Team). */
export const COACH_FILTERS: readonly ServerFilter[] = [
  { name: 'Filter.Name', label: 'Name', kind: 'text' },
  { name: 'Filter.Surname', label: 'Surname', kind: 'text' },
  { name: 'Filter.CountryOfBirth', label: 'Country of birth', kind: 'text' },
  { name: 'Filter.CityOfBirth', label: 'City of birth', kind: 'text' },
  { name: 'Filter.Club', label: 'Club', kind: 'text' },
  { name: 'Filter.Team', label: 'Team', kind: 'text' },
];

const fullName = (coach: Pick<Coach, 'name' | 'surname'>) => `${coach.name} ${coach.surname}`;

/** The Club Managers list at /coaches, paged by the server; /coaches/create opens Add Club Manager. */
export default function CoachesListPage() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const mode = screenModeFromPath(pathname);
  const canCreate = useCan('Coaches', 'Create');
  const canUpdate = useCan('Coaches', 'Update');
  const canDelete = useCan('Coaches', 'Delete');
  const [reloads, setReloads] = useState(0);
  const [deleting, setDeleting] = useState<Coach | null>(null);

  const reload = () => setReloads((count) => count + 1);
  // The list's query stays while the drawer opens and closes.
  const toList = () => navigate({ pathname: '/coaches', search });

  const columns: ServerColumn<Coach>[] = [
    { key: 'name', title: 'Name', sortKey: 'name', render: (c) => <Link to={`/coaches/${c.id}`}>{c.name}</Link> },
    { key: 'surname', title: 'Surname', sortKey: 'surname', render: (c) => c.surname },
    { key: 'birthDate', title: 'Birth date', sortKey: 'birthDate', render: (c) => formatDate(c.birthDate) },
    { key: 'countryOfBirth', title: 'Country of birth', sortKey: 'countryOfBirth', render: (c) => c.countryOfBirth?.name ?? '' },
    { key: 'cityOfBirth', title: 'City of birth', sortKey: 'cityOfBirth', render: (c) => c.cityOfBirth?.name ?? '' },
    {
      key: 'actions',
      title: 'Actions',
      className: 'pd-actions-cell',
      render: (c) => (
        <div className="pd-row-actions">
          <Link to={`/coaches/${c.id}`}>Details</Link>
          {canUpdate && (
            // A club manager has no fields of its own: its edit route edits the profile.
            <Button
              variant="minimal"
              icon="edit"
              aria-label={`Edit ${fullName(c)}`}
              title="Edit"
              onClick={() => navigate(`/coaches/${c.id}/edit`)}
            />
          )}
          {canDelete && (
            <Button
              variant="minimal"
              icon="trash"
              intent={Intent.DANGER}
              aria-label={`Delete ${fullName(c)}`}
              title="Delete"
              onClick={() => setDeleting(c)}
            />
          )}
        </div>
      ),
    },
  ];

  return (
    <div>
      <PageHeader
        title="Club Managers"
        actions={
          canCreate && (
            <Button
              intent={Intent.PRIMARY}
              icon="plus"
              text="Add Club Manager"
              onClick={() => navigate({ pathname: '/coaches/create', search })}
            />
          )
        }
      />
      <ServerTable
        columns={columns}
        filters={COACH_FILTERS}
        load={searchCoaches}
        rowKey={(c) => c.id}
        emptyText="There are no club managers."
        reloadKey={reloads}
      />
      <EntityDrawer isOpen={mode === 'create'} title="Add Club Manager" onClose={toList}>
        <CoachForm
          onCancel={toList}
          onSaved={() => {
            reload();
            toList();
          }}
        />
      </EntityDrawer>
      <ConfirmDelete
        isOpen={deleting !== null}
        question={DELETE_COACH_QUESTION}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (deleting && (await deleteCoachWithToast(deleting.id))) reload();
        }}
      />
    </div>
  );
}
