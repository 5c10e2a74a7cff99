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
import { OfficialForm } from '@/features/officials/official-form';
import {
  DELETE_OFFICIAL_QUESTION,
  deleteOfficialWithToast,
  type Official,
  officialName,
  searchOfficials,
} from '@/features/officials/officials-api';

/** The search's filters (spec 01 §3: Name, Surname, CountryOfBirth, CityOfBirth; and Federation). */
export const OFFICIAL_FILTERS: readonly ServerFilter[] = [
  { name: 'Filter.Name', label: 'Name', kind: 'text' },
  { name: 'Filter.Surname', label: 'Surname', kind: 'text' },
  { name: 'Filter.CountryOfBirth', label: 'Country of birth', kind: 'text' },
  { name: 'Filter.CityOfBirth', label: 'City of birth', kind: 'text' },
  { name: 'Filter.Federation', label: 'Federation', kind: 'text' },
];

/** The officials list at /officials, paged by the server; /officials/create opens Add official. */
export default function OfficialsListPage() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const mode = screenModeFromPath(pathname);
  const canCreate = useCan('Officials', 'Create');
  const canUpdate = useCan('Officials', 'Update');
  const canDelete = useCan('Officials', 'Delete');
  const [reloads, setReloads] = useState(0);
  const [deleting, setDeleting] = useState<Official | null>(null);

  const reload = () => setReloads((count) => count + 1);
  // The list's query stays while the drawer opens and closes.
  const toList = () => navigate({ pathname: '/officials', search });

  const columns: ServerColumn<Official>[] = [
    { key: 'name', title: 'Name', sortKey: 'name', render: (o) => <Link to={`/officials/${o.id}`}>{o.name}</Link> },
    { key: 'surname', title: 'Surname', sortKey: 'surname', render: (o) => o.surname },
    { key: 'title', title: 'Title', render: (o) => o.title ?? '' },
    { key: 'birthDate', title: 'Birth date', sortKey: 'birthDate', render: (o) => formatDate(o.birthDate) },
    { key: 'countryOfBirth', title: 'Country of birth', sortKey: 'countryOfBirth', render: (o) => o.countryOfBirth?.name ?? '' },
    { key: 'cityOfBirth', title: 'City of birth', sortKey: 'cityOfBirth', render: (o) => o.cityOfBirth?.name ?? '' },
    {
      key: 'actions',
      title: 'Actions',
      className: 'pd-actions-cell',
      render: (o) => (
        <div className="pd-row-actions">
          <Link to={`/officials/${o.id}`}>Details</Link>
          {canUpdate && (
            <Button
              variant="minimal"
              icon="edit"
              aria-label={`Edit ${officialName(o)}`}
              title="Edit"
              onClick={() => navigate(`/officials/${o.id}/edit`)}
            />
          )}
          {canDelete && (
            <Button
              variant="minimal"
              icon="trash"
              intent={Intent.DANGER}
              aria-label={`Delete ${officialName(o)}`}
              title="Delete"
              onClick={() => setDeleting(o)}
            />
          )}
        </div>
      ),
    },
  ];

  return (
    <div>
      <PageHeader
        title="Officials"
        actions={
          canCreate && (
            <Button
              intent={Intent.PRIMARY}
              icon="plus"
              text="Add official"
              onClick={() => navigate({ pathname: '/officials/create', search })}
            />
          )
        }
      />
      <ServerTable
        columns={columns}
        filters={OFFICIAL_FILTERS}
        load={searchOfficials}
        rowKey={(o) => o.id}
        emptyText="There are no officials."
        reloadKey={reloads}
      />
      <EntityDrawer isOpen={mode === 'create'} title="Add official" onClose={toList}>
        <OfficialForm
          onCancel={toList}
          onSaved={() => {
            reload();
            toList();
          }}
        />
      </EntityDrawer>
      <ConfirmDelete
        isOpen={deleting !== null}
        question={DELETE_OFFICIAL_QUESTION}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (deleting && (await deleteOfficialWithToast(deleting.id))) reload();
        }}
      />
    </div>
  );
}
