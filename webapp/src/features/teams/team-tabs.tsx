/** The panels of a team's page: details, competitions and matches. */
import { Link } from 'react-router';
import { DetailsList } from '@/components/details-list/details-list';
import { latestFirst, MatchTable } from '@/components/match-table/match-table';
import { RowsTable } from '@/components/members/rows-table';
import { contactRows, nameRows } from '@/components/org-details/org-details';
import { formatDate } from '@/lib/dates';
import type { TeamDetail } from '@/features/teams/teams-api';

export const NO_COMPETITIONS = 'The team does not compete in any competition.';
export const NO_MATCHES = 'There are no matches for this team.';

export function TeamInfo({ team }: { team: TeamDetail }) {
  return (
    <DetailsList
      rows={[
        ...nameRows(team),
        ['Club', team.club ? <Link to={`/clubs/${team.club.id}`}>{team.club.name}</Link> : null],
        ['Federation', team.federation ? <Link to={`/federations/${team.federation.id}`}>{team.federation.name}</Link> : null],
        ['Category', team.category?.name],
        ['Gender', team.gender],
        ['Country', team.country?.name],
        ['City', team.city?.name],
        ['Active from', formatDate(team.activeFrom)],
        ['Active to', formatDate(team.activeTo)],
        ...contactRows(team),
      ]}
    />
  );
}

export function TeamCompetitions({ team }: { team: TeamDetail }) {
  return (
    <RowsTable
      rows={team.competitionTeams}
      head={['Competition', 'Description', 'Seed', 'Disqualified', 'Actions']}
      rowKey={(entry) => entry.id}
      emptyText={NO_COMPETITIONS}
      row={(entry) => [
        entry.competition?.name ?? `#${entry.competitionId}`,
        entry.description ?? '',
        entry.isSeed ? 'Yes' : 'No',
        entry.isDisqualified ? 'Yes' : 'No',
        <Link key="details" to={`/competitions/${entry.competitionId}`}>
          Details
        </Link>,
      ]}
    />
  );
}

/** The team's matches at home and away together, latest first. */
export function TeamMatches({ team }: { team: TeamDetail }) {
  return <MatchTable matches={[...team.homeMatches, ...team.awayMatches].sort(latestFirst)} emptyText={NO_MATCHES} />;
}
