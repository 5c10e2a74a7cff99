import { useEffect, useState } from 'react';
import { getMatchStats, type Match, type MatchStats } from '@/features/matches/matches-api';

export interface LoadedStats {
  /** Both teams' and every lineup player's statistics; null until they come, or when they cannot. */
  stats: MatchStats | null;
  /** The last call failed. */
  failed: boolean;
}

/**
 * The statistics of the match in one call (`GET /api/Matches/{id}/stats`), again whenever the
 * match reloads. A reload keeps the figures shown until the new ones come; a failed call leaves
 * them empty and the rest of the report stands.
 */
export function useMatchStats(match: Match | null): LoadedStats {
  const [loaded, setLoaded] = useState<LoadedStats>({ stats: null, failed: false });
  useEffect(() => {
    if (match === null) return undefined;
    let current = true;
    getMatchStats(match.id).then(
      (stats) => current && setLoaded({ stats, failed: false }),
      () => current && setLoaded({ stats: null, failed: true }),
    );
    return () => {
      current = false;
    };
  }, [match]);
  return loaded;
}
