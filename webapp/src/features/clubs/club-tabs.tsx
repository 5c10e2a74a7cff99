/** The panels of a club's page: its details and its teams; a team's page shows the details too. */
import { NonIdealState } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '@/api/client';
import { DetailsList } from '@/components/details-list/details-list';
import { Loading } from '@/components/loading/loading';
import { RowsTable } from '@/components/members/rows-table';
import { contactRows, nameRows } from '@/components/org-details/org-details';
import { formatDate } from '@/lib/dates';
import { type ClubDetail, getClub } from '@/features/clubs/clubs-api';

export const NO_TEAMS = 'There are no teams in this club';

export function ClubInfo({ club }: { club: ClubDetail }) {
  return (
    <DetailsList
      rows={[
        ...nameRows(club),
        ['Federation', club.federation ? <Link to={`/federations/${club.federation.id}`}>{club.federation.name}</Link> : null],
        ['Country', club.country?.name],
        ['City', club.city?.name],
        ['Active from', formatDate(club.activeFrom)],
        ['Active to', formatDate(club.activeTo)],
        ['President', club.president],
        ...contactRows(club),
      ]}
    />
  );
}

/** The Club tab of a team's page: the details of the team's club, loaded when the tab opens. */
export function ClubOfTeam({ clubId }: { clubId: number }) {
  const [loaded, setLoaded] = useState<{ clubId: number; club: ClubDetail | null; error: string | null } | null>(null);
  useEffect(() => {
    let current = true;
    getClub(clubId).then(
      (club) => current && setLoaded({ clubId, club, error: null }),
      (error: unknown) => current && setLoaded({ clubId, club: null, error: errorMessage(error, 'Error loading data.') }),
    );
    return () => {
      current = false;
    };
  }, [clubId]);
  if (loaded === null || loaded.clubId !== clubId) return <Loading />;
  if (loaded.club === null) {
    return <NonIdealState icon="error" title="The club could not be loaded" description={loaded.error} />;
  }
  return (
    <div>
      <p>
        <Link to={`/clubs/${clubId}`}>Open the club&apos;s page</Link>
      </p>
      <ClubInfo club={loaded.club} />
    </div>
  );
}

export function ClubTeams({ club }: { club: ClubDetail }) {
  return (
    <RowsTable
      rows={club.teams}
      head={['Name', 'Category', 'Active from', 'Active to', 'Actions']}
      rowKey={(team) => team.id}
      emptyText={NO_TEAMS}
      row={(team) => [
        <Link key="name" to={`/teams/${team.id}`}>
          {team.name}
        </Link>,
        team.category?.name ?? '',
        formatDate(team.activeFrom),
        formatDate(team.activeTo),
        <Link key="details" to={`/teams/${team.id}`}>
          Details
        </Link>,
      ]}
    />
  );
}
