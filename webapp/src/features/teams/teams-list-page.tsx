import { Link } from 'react-router';
import { ListPage } from '@/components/list-page/list-page';
import type { ServerFilter } from '@/components/server-table/server-table';
import { formatDate } from '@/lib/dates';
import { useCan } from '@/state/use-can';
import { useRowRights } from '@/components/row-actions/row-rights';
import { ownsTeam } from '@/lib/ownership';
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
  return (
    <ListPage<Team>
      title="Teams"
      path="/teams"
      addText="Add team"
      canCreate={useCan('Teams', 'Create')}
      columns={[
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
      ]}
      filters={TEAM_FILTERS}
      load={searchTeams}
      emptyText="There are no teams."
      rowLabel={(team) => team.name}
      rights={useRowRights<Team>('Teams', ownsTeam)}
      deleteQuestion={DELETE_TEAM_QUESTION}
      deleteWarning={DELETE_TEAM_WARNING}
      deleteWithToast={deleteTeamWithToast}
      renderAddForm={(done) => <TeamForm {...done} />}
    />
  );
}
