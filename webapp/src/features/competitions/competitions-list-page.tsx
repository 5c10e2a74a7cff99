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
import {
  type Competition,
  DELETE_COMPETITION_QUESTION,
  deleteCompetitionWithToast,
  searchCompetitions,
} from '@/features/competitions/competitions-api';
import { CompetitionForm } from '@/features/competitions/competition-form';
import { ownsFederation } from '@/features/competitions/ownership';

/** Spec 01 §3: the competitions search's filters, by the API's query names. */
export const COMPETITION_FILTERS: readonly ServerFilter[] = [
  { name: 'Filter.NameUniversal', label: 'Universal name', kind: 'text' },
  { name: 'Filter.StartDate', label: 'Start date', kind: 'date' },
  { name: 'Filter.EndDate', label: 'End date', kind: 'date' },
  { name: 'Filter.IsPro', label: 'Professional', kind: 'boolean' },
  { name: 'Filter.Federation', label: 'Federation', kind: 'text' },
  { name: 'Filter.Category', label: 'Category', kind: 'text' },
  { name: 'Filter.CompetitionType', label: 'Competition type', kind: 'text' },
  { name: 'Filter.Country', label: 'Country', kind: 'text' },
  { name: 'Filter.City', label: 'City', kind: 'text' },
];

/**
 * The competitions list at /competitions, paged, filtered and sorted by the server (without a
 * chosen order: by category, descending); /competitions/create opens the Add competition drawer.
 */
export default function CompetitionsListPage() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const mode = screenModeFromPath(pathname);
  const { profile } = useSnapshot(session);
  const canCreate = useCan('Competitions', 'Create');
  const canUpdate = useCan('Competitions', 'Update');
  const canDelete = useCan('Competitions', 'Delete');
  const [reloads, setReloads] = useState(0);
  const [deleting, setDeleting] = useState<Competition | null>(null);
  const reload = () => setReloads((count) => count + 1);
  const toList = () => navigate({ pathname: '/competitions', search });
  const owns = (competition: Competition) => ownsFederation(profile as Profile | null, competition.federationId);

  // Universal name, country and city are filters only, so the table fits beside the sidebar.
  const columns: ServerColumn<Competition>[] = [
    {
      key: 'name',
      title: 'Name',
      sortKey: 'name',
      render: (competition) => <Link to={`/competitions/${competition.id}`}>{competition.name}</Link>,
    },
    { key: 'federation', title: 'Federation', sortKey: 'federation', render: (c) => c.federation?.name ?? '' },
    { key: 'category', title: 'Category', sortKey: 'category', render: (c) => c.category?.name ?? '' },
    { key: 'competitionType', title: 'Type', sortKey: 'competitionType', render: (c) => c.competitionType?.name ?? '' },
    { key: 'season', title: 'Season', render: (c) => c.season ?? '' },
    { key: 'startDate', title: 'Start date', sortKey: 'startDate', render: (c) => formatDate(c.startDate) },
    { key: 'endDate', title: 'End date', sortKey: 'endDate', render: (c) => formatDate(c.endDate) },
    {
      key: 'isPro',
      title: 'Pro',
      sortKey: 'isPro',
      render: (c) => (c.isPro ? <Icon icon="tick" aria-label="Professional" /> : null),
    },
    {
      key: 'actions',
      title: 'Actions',
      className: 'pd-actions-cell',
      render: (competition) => (
        <div className="pd-row-actions">
          <Link to={`/competitions/${competition.id}`}>Details</Link>
          {canUpdate && owns(competition) && (
            <Button
              variant="minimal"
              icon="edit"
              aria-label={`Edit ${competition.name}`}
              title="Edit"
              onClick={() => navigate(`/competitions/${competition.id}/edit`)}
            />
          )}
          {canDelete && owns(competition) && (
            <Button
              variant="minimal"
              icon="trash"
              intent={Intent.DANGER}
              aria-label={`Delete ${competition.name}`}
              title="Delete"
              onClick={() => setDeleting(competition)}
            />
          )}
        </div>
      ),
    },
  ];

  return (
    <div>
      <PageHeader
        title="Competitions"
        actions={
          canCreate && (
            <Button
              intent={Intent.PRIMARY}
              icon="plus"
              text="Add competition"
              onClick={() => navigate({ pathname: '/competitions/create', search })}
            />
          )
        }
      />
      <ServerTable
        columns={columns}
        filters={COMPETITION_FILTERS}
        load={searchCompetitions}
        rowKey={(competition) => competition.id}
        emptyText="There are no competitions."
        reloadKey={reloads}
      />
      <EntityDrawer isOpen={mode === 'create'} title="Add competition" onClose={toList}>
        <CompetitionForm
          competition={null}
          onCancel={toList}
          onSaved={() => {
            reload();
            toList();
          }}
        />
      </EntityDrawer>
      <ConfirmDelete
        isOpen={deleting !== null}
        question={DELETE_COMPETITION_QUESTION}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (deleting && (await deleteCompetitionWithToast(deleting.id))) reload();
        }}
      />
    </div>
  );
}
