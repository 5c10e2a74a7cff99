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
import { useTeamRights } from '@/features/teams/team-access';
import { TeamForm } from '@/features/teams/team-form';
import {
  DELETE_TEAM_QUESTION,
  DELETE_TEAM_WARNING,
  deleteTeamWithToast,
  searchTeams,
  type Team,
} from '@/features/teams/teams-api';

/** Spec 01 §3 "List filter and sort fields": Teams. */
export const TEAM_FILTERS: readonly ServerFilter[] = [
  { name: 'Filter.NameUniversal', label: 'Universal name', kind: 'text' },
  { name: 'Filter.ShortName', label: 'Short name', kind: 'text' },
  { name: 'Filter.ActiveFrom', label: 'Active from', kind: 'date' },
  { name: 'Filter.ActiveTo', label: 'Active to', kind: 'date' },
  { name: 'Filter.IsPro', label: 'Professional', kind: 'boolean' },
  { name: 'Filter.Club', label: 'Club', kind: 'text' },
  { name: 'Filter.Category', label: 'Category', kind: 'text' },
  { name: 'Filter.Country', label: 'Country', kind: 'text' },
  { name: 'Filter.City', label: 'City', kind: 'text' },
];

/** The teams list at /teams; /teams/create opens the Add team drawer over it. */
export default function TeamsListPage() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const mode = screenModeFromPath(pathname);
  const canCreate = useCan('Teams', 'Create');
  const rights = useTeamRights();
  const [reloads, setReloads] = useState(0);
  const [deleting, setDeleting] = useState<Team | null>(null);

  const reload = () => setReloads((count) => count + 1);
  const toList = () => navigate({ pathname: '/teams', search });

  const columns: ServerColumn<Team>[] = [
    { key: 'name', title: 'Name', sortKey: 'name', render: (team) => <Link to={`/teams/${team.id}`}>{team.name}</Link> },
    { key: 'nameUniversal', title: 'Universal name', sortKey: 'nameUniversal', render: (team) => team.nameUniversal },
    { key: 'shortName', title: 'Short name', sortKey: 'shortName', render: (team) => team.shortName ?? '' },
    {
      key: 'club',
      title: 'Club',
      sortKey: 'club',
      render: (team) => (team.club ? <Link to={`/clubs/${team.club.id}`}>{team.club.name}</Link> : ''),
    },
    { key: 'category', title: 'Category', sortKey: 'category', render: (team) => team.category?.name ?? '' },
    { key: 'country', title: 'Country', sortKey: 'country', render: (team) => team.country?.name ?? '' },
    { key: 'city', title: 'City', sortKey: 'city', render: (team) => team.city?.name ?? '' },
    { key: 'activeFrom', title: 'Active from', sortKey: 'activeFrom', render: (team) => formatDate(team.activeFrom) },
    { key: 'activeTo', title: 'Active to', sortKey: 'activeTo', render: (team) => formatDate(team.activeTo) },
    { key: 'isPro', title: 'Professional', sortKey: 'isPro', render: (team) => (team.isPro ? 'Yes' : 'No') },
    {
      key: 'actions',
      title: 'Actions',
      className: 'pd-actions-cell',
      render: (team) => {
        const allowed = rights(team);
        return (
          <div className="pd-row-actions">
            <Link to={`/teams/${team.id}`}>Details</Link>
            {allowed.update && (
              <Button
                variant="minimal"
                icon="edit"
                aria-label={`Edit ${team.name}`}
                title="Edit"
                onClick={() => navigate(`/teams/${team.id}/edit`)}
              />
            )}
            {allowed.remove && (
              <Button
                variant="minimal"
                icon="trash"
                intent={Intent.DANGER}
                aria-label={`Delete ${team.name}`}
                title="Delete"
                onClick={() => setDeleting(team)}
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
        title="Teams"
        actions={
          canCreate && (
            <Button
              intent={Intent.PRIMARY}
              icon="plus"
              text="Add team"
              onClick={() => navigate({ pathname: '/teams/create', search })}
            />
          )
        }
      />
      <ServerTable
        columns={columns}
        filters={TEAM_FILTERS}
        load={searchTeams}
        rowKey={(team) => team.id}
        emptyText="There are no teams."
        reloadKey={reloads}
      />
      <EntityDrawer isOpen={mode === 'create'} title="Add team" onClose={toList}>
        <TeamForm
          onCancel={toList}
          onSaved={() => {
            reload();
            toList();
          }}
        />
      </EntityDrawer>
      <ConfirmDelete
        isOpen={deleting !== null}
        question={DELETE_TEAM_QUESTION}
        warning={DELETE_TEAM_WARNING}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (deleting && (await deleteTeamWithToast(deleting.id))) reload();
        }}
      />
    </div>
  );
}
