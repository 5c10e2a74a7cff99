/**
 * An official's matches as their Matches tab shows them (issue #19): the upcoming ones first,
 * soonest first, then the played ones, latest first; each with the official's role(s) in it and
 * whether they confirmed its log.
 */
import type { Schemas } from '@/api/types';
import { latestFirst } from '@/components/match-table/match-table';
import { formatDateTime } from '@/lib/dates';
import { officialRoleLabel } from '@/lib/match-codes';

type Match = Pick<Schemas['Match'], 'id' | 'startDate' | 'statusId' | 'officials'>;

const FINISHED = 206;
const NOT_STARTED = 200;
const CANCELLED = 207;

/** The local midnight that starts `now`'s day. */
const startOfDay = (now: Date) => new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();

/**
 * Whether a match is still to come on `now`: one under way, or one not finished that starts
 * today or later. A finished match is played, and so is one left unplayed on an earlier day.
 */
export function isUpcoming(match: Pick<Match, 'startDate' | 'statusId'>, now: Date): boolean {
  if (match.statusId === FINISHED) return false;
  if (match.statusId !== NOT_STARTED && match.statusId !== CANCELLED) return true;
  return Date.parse(match.startDate) >= startOfDay(now);
}

const soonestFirst = (a: Pick<Match, 'startDate'>, b: Pick<Match, 'startDate'>) => Date.parse(a.startDate) - Date.parse(b.startDate);

/** The upcoming matches, soonest first, and the played ones, latest first. */
export function splitMatches<T extends Pick<Match, 'startDate' | 'statusId'>>(
  matches: readonly T[],
  now: Date,
): { upcoming: T[]; played: T[] } {
  const upcoming = matches.filter((match) => isUpcoming(match, now)).sort(soonestFirst);
  const played = matches.filter((match) => !isUpcoming(match, now)).sort(latestFirst);
  return { upcoming, played };
}

/** The official's role(s) in a match, by label ("Referee", "Goal Referee"), in the code list's order. */
export function officialRoles(match: Pick<Match, 'officials'>, officialId: number): string {
  const roles = [...new Set(match.officials.filter((row) => row.officialId === officialId).map((row) => row.roleId))];
  return roles.length === 0 ? '—' : roles.sort((a, b) => a - b).map(officialRoleLabel).join(', ');
}

/** Whether the official confirmed a match's log: when (the latest of their rows), not yet, or nothing to confirm. */
export type Confirmation = { state: 'confirmed'; at: string | null } | { state: 'pending' } | { state: 'none' };

/**
 * The official's confirmation of a match: confirmed once every role they hold in it is, not yet
 * while a finished match waits for it; nothing to confirm before a match is played, in one
 * cancelled or never played, or when they hold no role in it.
 */
export function confirmationOf(match: Match, officialId: number, now: Date): Confirmation {
  const rows = match.officials.filter((row) => row.officialId === officialId);
  if (rows.length === 0 || isUpcoming(match, now)) return { state: 'none' };
  if (rows.every((row) => row.confirmed)) {
    const times = rows.flatMap((row) => (row.confirmedAt ? [row.confirmedAt] : [])).sort();
    return { state: 'confirmed', at: times.at(-1) ?? null };
  }
  return match.statusId === FINISHED ? { state: 'pending' } : { state: 'none' };
}

/** The confirmation as the tab writes it: "Confirmed 14.11.2026. 20:13", "Not yet" or "—". */
export function confirmationText(confirmation: Confirmation): string {
  switch (confirmation.state) {
    case 'confirmed':
      return confirmation.at ? `Confirmed ${formatDateTime(confirmation.at)}` : 'Confirmed';
    case 'pending':
      return 'Not yet';
    case 'none':
      return '—';
  }
}
