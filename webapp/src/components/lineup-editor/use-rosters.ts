import { useEffect, useState } from 'react';
import { api } from '@/api/client';
import type { Schemas } from '@/api/types';
import { personName, type Side, type SlotPlayer } from '@/lib/lineup-draft';
import { useCan } from '@/state/use-can';

/** A team's players and coaches, as the lineup and bench pickers offer them. */
export interface Roster {
  players: readonly SlotPlayer[];
  coaches: readonly { id: number; name: string }[];
}

/** Both teams' rosters: null while loading or when they cannot be read (no Read on Teams, or it failed). */
export type Rosters = Readonly<Record<Side, Roster | null>>;

const byCap = (a: SlotPlayer, b: SlotPlayer) => (a.capNumber ?? 100) - (b.capNumber ?? 100) || a.name.localeCompare(b.name);

function rosterOf(team: Schemas['TeamDetail']): Roster {
  return {
    players: team.players
      .map((row) => ({ playerId: row.playerId, name: personName(row.player, `Player ${row.playerId}`), capNumber: row.capNumber ?? null }))
      .sort(byCap),
    coaches: team.coaches.map((row) => ({ id: row.coachId, name: personName(row.coach, `Coach ${row.coachId}`) })),
  };
}

/**
 * The home and away teams' rosters, loaded only when the user may read teams (spec 02 §4
 * "Lineups": Read on the team decides whether the full roster loads).
 */
export function useRosters(homeTeamId: number, awayTeamId: number): Rosters {
  const canRead = useCan('Teams', 'Read');
  const [rosters, setRosters] = useState<{ key: string; home: Roster | null; away: Roster | null } | null>(null);
  const key = `${homeTeamId}-${awayTeamId}`;
  useEffect(() => {
    if (!canRead) return undefined;
    let current = true;
    const load = (teamId: number) =>
      api.get<Schemas['TeamDetail']>(`/api/Teams/${teamId}`).then(rosterOf, () => null);
    void Promise.all([load(homeTeamId), load(awayTeamId)]).then(
      ([home, away]) => current && setRosters({ key: `${homeTeamId}-${awayTeamId}`, home, away }),
    );
    return () => {
      current = false;
    };
  }, [canRead, homeTeamId, awayTeamId]);
  if (!canRead || rosters === null || rosters.key !== key) return { home: null, away: null };
  return { home: rosters.home, away: rosters.away };
}
