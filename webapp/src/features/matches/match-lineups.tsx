import { H4, HTMLTable, Tag } from '@blueprintjs/core';
import type { Schemas } from '@/api/types';
import { TableHead } from '@/components/data-table/table-content';
import { coachRoleLabel, KEEPER_SLOTS, LINEUP_SLOTS } from '@/lib/match-codes';

type Match = Schemas['Match'];
type MatchPlayer = Schemas['MatchPlayerView'];

const fullName = (person: Schemas['PersonName'] | null | undefined) => (person ? `${person.name} ${person.surname}` : '');

/** Slots 1 to 16 of a team, each with the player in it or null. */
export function lineupSlots(players: readonly MatchPlayer[], teamId: number): (MatchPlayer | null)[] {
  return Array.from({ length: LINEUP_SLOTS }, (_, index) => {
    return players.find((player) => player.teamId === teamId && player.number === index + 1) ?? null;
  });
}

function TeamLineup({ match, teamId, name }: { match: Match; teamId: number; name: string }) {
  const slots = lineupSlots(match.players, teamId);
  const coaches = match.coaches.filter((coach) => coach.teamId === teamId);
  return (
    <section className="pd-lineup" aria-label={`${name} lineup`}>
      <H4>{name}</H4>
      <HTMLTable compact striped className="pd-table">
        <TableHead titles={['Slot', 'Cap', 'Player']} />
        <tbody>
          {slots.map((player, index) => {
            const slot = index + 1;
            return (
              <tr key={slot}>
                <td>
                  {slot}
                  {KEEPER_SLOTS.includes(slot) && (
                    <Tag minimal className="pd-keeper-tag" title="Goalkeeper">
                      GK
                    </Tag>
                  )}
                </td>
                <td>{player?.capNumber ?? ''}</td>
                <td>{player ? fullName(player.player) || `#${player.playerId}` : '—'}</td>
              </tr>
            );
          })}
        </tbody>
      </HTMLTable>
      <HTMLTable compact className="pd-table" aria-label={`${name} coaches`}>
        <TableHead titles={['Coach', 'Role']} />
        <tbody>
          {coaches.length === 0 ? (
            <tr>
              <td colSpan={2}>—</td>
            </tr>
          ) : (
            coaches.map((coach) => (
              <tr key={coach.id}>
                <td>{fullName(coach.coach) || `#${coach.coachId}`}</td>
                <td>{coachRoleLabel(coach.roleId)}</td>
              </tr>
            ))
          )}
        </tbody>
      </HTMLTable>
    </section>
  );
}

/** The Lineups tab: both teams' cap slots 1 to 16 (keepers in 1 and 13) and their coaches. */
export function MatchLineups({ match }: { match: Match }) {
  return (
    <div className="pd-lineups">
      <TeamLineup match={match} teamId={match.homeTeamId} name={match.homeTeamDisplayName} />
      <TeamLineup match={match} teamId={match.awayTeamId} name={match.awayTeamDisplayName} />
    </div>
  );
}
