import { Button, Icon, Intent } from '@blueprintjs/core';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useSnapshot } from 'valtio';
import { ConfirmDelete } from '@/components/confirm-delete/confirm-delete';
import { EntityDrawer } from '@/components/entity-drawer/entity-drawer';
import { PageHeader } from '@/components/page-header/page-header';
import { type ServerColumn, type ServerFilter, ServerTable } from '@/components/server-table/server-table';
import { formatDate } from '@/lib/dates';
import { screenModeFromPath } from '@/lib/screen-mode';
import { type Profile, session } from '@/state/session';
import { useCan } from '@/state/use-can';
import { ownsFederation } from '@/features/competitions/ownership';
import {
  DELETE_FEDERATION_QUESTION,
  deleteFederationWithToast,
  type Federation,
  searchFederations,
} from '@/features/federations/federations-api';
import { FederationForm } from '@/features/federations/federation-form';

/** Spec 01 §3: the federations search's filters, by the API's query names. */
export const FEDERATION_FILTERS: readonly ServerFilter[] = [
  { name: 'Filter.NameUniversal', label: 'Universal name', kind: 'text' },
  { name: 'Filter.ShortName', label: 'Short name', kind: 'text' },
  { name: 'Filter.ActiveFrom', label: 'Active from', kind: 'date' },
  { name: 'Filter.ActiveTo', label: 'Active to', kind: 'date' },
  { name: 'Filter.IsPro', label: 'Professional', kind: 'boolean' },
  { name: 'Filter.Country', label: 'Country', kind: 'text' },
];

/** The federations list at /federations, paged by the server; /federations/create opens Add federation. */
export default function FederationsListPage() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const mode = screenModeFromPath(pathname);
  const { profile } = useSnapshot(session);
  const canCreate = useCan('Federations', 'Create');
  const canUpdate = useCan('Federations', 'Update');
  const canDelete = useCan('Federations', 'Delete');
  const [reloads, setReloads] = useState(0);
  const [deleting, setDeleting] = useState<Federation | null>(null);
  const reload = () => setReloads((count) => count + 1);
  const toList = () => navigate({ pathname: '/federations', search });
  const owns = (federation: Federation) => ownsFederation(profile as Profile | null, federation.id);

  const columns: ServerColumn<Federation>[] = [
    {
      key: 'name',
      title: 'Name',
      sortKey: 'name',
      render: (federation) => <Link to={`/federations/${federation.id}`}>{federation.name}</Link>,
    },
    { key: 'nameUniversal', title: 'Universal name', sortKey: 'nameUniversal', render: (f) => f.nameUniversal },
    { key: 'shortName', title: 'Short name', sortKey: 'shortName', render: (f) => f.shortName ?? '' },
    { key: 'country', title: 'Country', sortKey: 'country', render: (f) => f.country?.name ?? '' },
    { key: 'activeFrom', title: 'Active from', sortKey: 'activeFrom', render: (f) => formatDate(f.activeFrom) },
    { key: 'activeTo', title: 'Active to', sortKey: 'activeTo', render: (f) => formatDate(f.activeTo) },
    {
      key: 'isPro',
      title: 'Pro',
      sortKey: 'isPro',
      render: (f) => (f.isPro ? <Icon icon="tick" aria-label="Professional" /> : null),
    },
    {
      key: 'actions',
      title: 'Actions',
      className: 'pd-actions-cell',
      render: (federation) => (
        <div className="pd-row-actions">
          <Link to={`/federations/${federation.id}`}>Details</Link>
          {canUpdate && owns(federation) && (
            <Button
              variant="minimal"
              icon="edit"
              aria-label={`Edit ${federation.name}`}
              title="Edit"
              onClick={() => navigate(`/federations/${federation.id}/edit`)}
            />
          )}
          {canDelete && owns(federation) && (
            <Button
              variant="minimal"
              icon="trash"
              intent={Intent.DANGER}
              aria-label={`Delete ${federation.name}`}
              title="Delete"
              onClick={() => setDeleting(federation)}
            />
          )}
        </div>
      ),
    },
  ];

  return (
    <div>
      <PageHeader
        title="Federations"
        actions={
          canCreate && (
            <Button
              intent={Intent.PRIMARY}
              icon="plus"
              text="Add federation"
              onClick={() => navigate({ pathname: '/federations/create', search })}
            />
          )
        }
      />
      <ServerTable
        columns={columns}
        filters={FEDERATION_FILTERS}
        load={searchFederations}
        rowKey={(federation) => federation.id}
        emptyText="There are no federations."
        reloadKey={reloads}
      />
      <EntityDrawer isOpen={mode === 'create'} title="Add federation" onClose={toList}>
        <FederationForm
          federation={null}
          onCancel={toList}
          onSaved={() => {
            reload();
            toList();
          }}
        />
      </EntityDrawer>
      <ConfirmDelete
        isOpen={deleting !== null}
        question={DELETE_FEDERATION_QUESTION}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (deleting && (await deleteFederationWithToast(deleting.id))) reload();
        }}
      />
    </div>
  );
}
