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
import { useClubRights } from '@/features/clubs/club-access';
import { ClubForm } from '@/features/clubs/club-form';
import {
  type Club,
  DELETE_CLUB_QUESTION,
  DELETE_CLUB_WARNING,
  deleteClubWithToast,
  searchClubs,
} from '@/features/clubs/clubs-api';

/** Spec 01 §3 "List filter and sort fields": Clubs. */
export const CLUB_FILTERS: readonly ServerFilter[] = [
  { name: 'Filter.NameUniversal', label: 'Universal name', kind: 'text' },
  { name: 'Filter.ShortName', label: 'Short name', kind: 'text' },
  { name: 'Filter.ActiveFrom', label: 'Active from', kind: 'date' },
  { name: 'Filter.ActiveTo', label: 'Active to', kind: 'date' },
  { name: 'Filter.IsPro', label: 'Professional', kind: 'boolean' },
  { name: 'Filter.Federation', label: 'Federation', kind: 'text' },
  { name: 'Filter.Country', label: 'Country', kind: 'text' },
  { name: 'Filter.City', label: 'City', kind: 'text' },
];

export const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/** The clubs list at /clubs; /clubs/create opens the Add club drawer over it. */
export default function ClubsListPage() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const mode = screenModeFromPath(pathname);
  const canCreate = useCan('Clubs', 'Create');
  const rights = useClubRights();
  const [reloads, setReloads] = useState(0);
  const [deleting, setDeleting] = useState<Club | null>(null);

  const reload = () => setReloads((count) => count + 1);
  // The list's query stays in the URL while the drawer opens and closes.
  const toList = () => navigate({ pathname: '/clubs', search });

  const columns: ServerColumn<Club>[] = [
    { key: 'name', title: 'Name', sortKey: 'name', render: (club) => <Link to={`/clubs/${club.id}`}>{club.name}</Link> },
    { key: 'nameUniversal', title: 'Universal name', sortKey: 'nameUniversal', render: (club) => club.nameUniversal },
    { key: 'shortName', title: 'Short name', sortKey: 'shortName', render: (club) => club.shortName ?? '' },
    { key: 'federation', title: 'Federation', sortKey: 'federation', render: (club) => club.federation?.name ?? '' },
    { key: 'country', title: 'Country', sortKey: 'country', render: (club) => club.country?.name ?? '' },
    { key: 'city', title: 'City', sortKey: 'city', render: (club) => club.city?.name ?? '' },
    { key: 'activeFrom', title: 'Active from', sortKey: 'activeFrom', render: (club) => formatDate(club.activeFrom) },
    { key: 'activeTo', title: 'Active to', sortKey: 'activeTo', render: (club) => formatDate(club.activeTo) },
    { key: 'isPro', title: 'Professional', sortKey: 'isPro', render: (club) => yesNo(club.isPro) },
    {
      key: 'actions',
      title: 'Actions',
      className: 'pd-actions-cell',
      render: (club) => {
        const allowed = rights(club);
        return (
          <div className="pd-row-actions">
            <Link to={`/clubs/${club.id}`}>Details</Link>
            {allowed.update && (
              <Button
                variant="minimal"
                icon="edit"
                aria-label={`Edit ${club.name}`}
                title="Edit"
                onClick={() => navigate(`/clubs/${club.id}/edit`)}
              />
            )}
            {allowed.remove && (
              <Button
                variant="minimal"
                icon="trash"
                intent={Intent.DANGER}
                aria-label={`Delete ${club.name}`}
                title="Delete"
                onClick={() => setDeleting(club)}
              />
            )}
          </div>
        );
      },
    },
  ];

  return (
    <div>
      <PageHeader
        title="Clubs"
        actions={
          canCreate && (
            <Button
              intent={Intent.PRIMARY}
              icon="plus"
              text="Add club"
              onClick={() => navigate({ pathname: '/clubs/create', search })}
            />
          )
        }
      />
      <ServerTable
        columns={columns}
        filters={CLUB_FILTERS}
        load={searchClubs}
        rowKey={(club) => club.id}
        emptyText="There are no clubs."
        reloadKey={reloads}
      />
      <EntityDrawer isOpen={mode === 'create'} title="Add club" onClose={toList}>
        <ClubForm
          onCancel={toList}
          onSaved={() => {
            reload();
            toList();
          }}
        />
      </EntityDrawer>
      <ConfirmDelete
        isOpen={deleting !== null}
        question={DELETE_CLUB_QUESTION}
        warning={DELETE_CLUB_WARNING}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (deleting && (await deleteClubWithToast(deleting.id))) reload();
        }}
      />
    </div>
  );
}
