/** The panels of a club's page: its details and its teams, club managers and players. */
import { Button, Card, Classes, HTMLTable, Intent, NonIdealState } from '@blueprintjs/core';
import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';
import { LogoImage } from '@/components/logo-upload/logo-upload';
import { formatDate } from '@/lib/dates';
import type { ClubCoach, ClubDetail, ClubPlayer } from '@/features/clubs/clubs-api';

export const NO_TEAMS = 'There are no teams in this club';
export const NO_COACHES = 'There are no coaches in this club';
export const NO_PLAYERS = 'There are no players in this club';

/** Label and value pairs; empty values show a dash. */
export function DetailsList({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="pd-details-list">
      {rows.map(([label, value]) => (
        <Fragment key={label}>
          <dt className={Classes.TEXT_MUTED}>{label}</dt>
          <dd>{value === null || value === undefined || value === '' ? '—' : value}</dd>
        </Fragment>
      ))}
    </dl>
  );
}

/** A link that opens in a new tab, for web and social addresses. */
export function ExternalLink({ href }: { href: string | null | undefined }) {
  if (!href) return null;
  const url = /^https?:\/\//i.test(href) ? href : `https://${href}`;
  return (
    <a href={url} target="_blank" rel="noreferrer">
      {href}
    </a>
  );
}

export function ClubInfo({ club }: { club: ClubDetail }) {
  return (
    <Card className="pd-details">
      <DetailsList
        rows={[
          ['Logo', club.logo ? <LogoImage value={club.logo} alt={`${club.name} logo`} /> : null],
          ['Name', club.name],
          ['Universal name', club.nameUniversal],
          ['Short name', club.shortName],
          ['Description', club.description],
          ['Federation', club.federation ? <Link to={`/federations/${club.federation.id}`}>{club.federation.name}</Link> : null],
          ['Country', club.country?.name],
          ['City', club.city?.name],
          ['Active from', formatDate(club.activeFrom)],
          ['Active to', formatDate(club.activeTo)],
          ['President', club.president],
          ['Venue', club.venue],
          ['Address', club.address],
          ['Phone', club.phone],
          ['Web', club.web ? <ExternalLink href={club.web} /> : null],
          ['Email', club.email ? <a href={`mailto:${club.email}`}>{club.email}</a> : null],
          ['Facebook', club.facebook ? <ExternalLink href={club.facebook} /> : null],
          ['Twitter', club.twitter ? <ExternalLink href={club.twitter} /> : null],
          ['Youtube', club.youtube ? <ExternalLink href={club.youtube} /> : null],
          ['Instagram', club.instagram ? <ExternalLink href={club.instagram} /> : null],
          ['Professional', club.isPro ? 'Yes' : 'No'],
        ]}
      />
    </Card>
  );
}

/** A table of rows, or the empty text when there are none. */
export function RowsTable<T>({
  rows,
  head,
  row,
  rowKey,
  emptyText,
}: {
  rows: readonly T[];
  head: string[];
  row: (item: T) => ReactNode[];
  rowKey: (item: T) => number;
  emptyText: string;
}) {
  if (rows.length === 0) return <NonIdealState icon="search" description={emptyText} className="pd-table-empty" />;
  return (
    <HTMLTable striped className="pd-table">
      <thead>
        <tr>
          {head.map((title) => (
            <th key={title}>{title}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((item) => (
          <tr key={rowKey(item)}>
            {row(item).map((cell, index) => (
              <td key={head[index]}>{cell}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}

export function RemoveButton({ label, onClick }: { label: string; onClick: () => void }) {
  return <Button variant="minimal" icon="trash" intent={Intent.DANGER} aria-label={label} title="Remove" onClick={onClick} />;
}

export function EditButton({ label, onClick }: { label: string; onClick: () => void }) {
  return <Button variant="minimal" icon="edit" aria-label={label} title="Edit" onClick={onClick} />;
}

export const fullName = (person: { name: string; surname: string } | null | undefined) =>
  person ? `${person.name} ${person.surname}` : '';

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

export function ClubCoaches({
  coaches,
  onEdit,
  onRemove,
}: {
  coaches: readonly ClubCoach[];
  /** Present when the user may change this club's club managers. */
  onEdit?: (coach: ClubCoach) => void;
  /** Present when the user may remove club managers from this club. */
  onRemove?: (coach: ClubCoach) => void;
}) {
  return (
    <RowsTable
      rows={coaches}
      head={['Name', 'Surname', 'Active from', 'Active to', 'Actions']}
      rowKey={(link) => link.id}
      emptyText={NO_COACHES}
      row={(link) => [
        link.coach?.name ?? '',
        link.coach?.surname ?? '',
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

export function ClubPlayers({
  players,
  onEdit,
  onRemove,
}: {
  players: readonly ClubPlayer[];
  onEdit?: (player: ClubPlayer) => void;
  onRemove?: (player: ClubPlayer) => void;
}) {
  return (
    <RowsTable
      rows={players}
      head={['Name', 'Surname', 'Active from', 'Active to', 'Actions']}
      rowKey={(link) => link.id}
      emptyText={NO_PLAYERS}
      row={(link) => [
        link.player?.name ?? '',
        link.player?.surname ?? '',
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
