/** The panels of a team's page: details, competitions, matches, club managers and players. */
import { Card, NonIdealState } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { LogoImage } from '@/components/logo-upload/logo-upload';
import { latestFirst, MatchTable } from '@/components/match-table/match-table';
import { formatDate } from '@/lib/dates';
import { errorMessage } from '@/api/client';
import { Loading } from '@/components/loading/loading';
import {
  ClubInfo,
  DetailsList,
  EditButton,
  ExternalLink,
  fullName,
  RemoveButton,
  RowsTable,
} from '@/features/clubs/club-tabs';
import { type ClubDetail, getClub } from '@/features/clubs/clubs-api';
import type { TeamCoach, TeamDetail, TeamPlayer } from '@/features/teams/teams-api';

export const NO_COMPETITIONS = 'The team does not compete in any competition.';
export const NO_MATCHES = 'There are no matches for this team.';
export const NO_TEAM_COACHES = 'There are no coaches in this team.';
export const NO_TEAM_PLAYERS = 'There are no players in this team.';

/** The Club tab: the details of the club the team belongs to, loaded when the tab opens. */
export function TeamClub({ clubId }: { clubId: number }) {
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

export function TeamInfo({ team }: { team: TeamDetail }) {
  return (
    <Card className="pd-details">
      <DetailsList
        rows={[
          ['Logo', team.logo ? <LogoImage value={team.logo} alt={`${team.name} logo`} /> : null],
          ['Name', team.name],
          ['Universal name', team.nameUniversal],
          ['Short name', team.shortName],
          ['Description', team.description],
          ['Club', team.club ? <Link to={`/clubs/${team.club.id}`}>{team.club.name}</Link> : null],
          ['Federation', team.federation ? <Link to={`/federations/${team.federation.id}`}>{team.federation.name}</Link> : null],
          ['Category', team.category?.name],
          ['Gender', team.gender],
          ['Country', team.country?.name],
          ['City', team.city?.name],
          ['Active from', formatDate(team.activeFrom)],
          ['Active to', formatDate(team.activeTo)],
          ['Venue', team.venue],
          ['Address', team.address],
          ['Phone', team.phone],
          ['Web', team.web ? <ExternalLink href={team.web} /> : null],
          ['Email', team.email ? <a href={`mailto:${team.email}`}>{team.email}</a> : null],
          ['Facebook', team.facebook ? <ExternalLink href={team.facebook} /> : null],
          ['Twitter', team.twitter ? <ExternalLink href={team.twitter} /> : null],
          ['Youtube', team.youtube ? <ExternalLink href={team.youtube} /> : null],
          ['Instagram', team.instagram ? <ExternalLink href={team.instagram} /> : null],
          ['Professional', team.isPro ? 'Yes' : 'No'],
        ]}
      />
    </Card>
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

export function TeamCoaches({
  coaches,
  onEdit,
  onRemove,
}: {
  coaches: readonly TeamCoach[];
  onEdit?: (coach: TeamCoach) => void;
  onRemove?: (coach: TeamCoach) => void;
}) {
  return (
    <RowsTable
      rows={coaches}
      head={['Name', 'Surname', 'Role', 'Active from', 'Active to', 'Actions']}
      rowKey={(link) => link.id}
      emptyText={NO_TEAM_COACHES}
      row={(link) => [
        link.coach?.name ?? '',
        link.coach?.surname ?? '',
        link.role,
        formatDate(link.activeFrom),
        formatDate(link.activeTo),
        <div key="actions" className="pd-row-actions">
          <Link to={`/coaches/${link.coachId}`}>Details</Link>
          {onEdit && <EditButton label={`Edit ${fullName(link.coach)}`} onClick={() => onEdit(link)} />}
          {onRemove && <RemoveButton label={`Remove ${fullName(link.coach)}`} onClick={() => onRemove(link)} />}
        </div>,
      ]}
    />
  );
}

export function TeamPlayers({
  players,
  onEdit,
  onRemove,
}: {
  players: readonly TeamPlayer[];
  onEdit?: (player: TeamPlayer) => void;
  onRemove?: (player: TeamPlayer) => void;
}) {
  return (
    <RowsTable
      rows={players}
      head={['Name', 'Surname', 'Position', 'Cap number', 'Active from', 'Active to', 'Actions']}
      rowKey={(link) => link.id}
      emptyText={NO_TEAM_PLAYERS}
      row={(link) => [
        link.player?.name ?? '',
        link.player?.surname ?? '',
        link.position,
        link.capNumber ?? '',
        formatDate(link.activeFrom),
        formatDate(link.activeTo),
        <div key="actions" className="pd-row-actions">
          <Link to={`/players/${link.playerId}`}>Details</Link>
          {onEdit && <EditButton label={`Edit ${fullName(link.player)}`} onClick={() => onEdit(link)} />}
          {onRemove && <RemoveButton label={`Remove ${fullName(link.player)}`} onClick={() => onRemove(link)} />}
        </div>,
      ]}
    />
  );
}
