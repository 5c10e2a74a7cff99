/**
 * The scores of a set of matches as visitors follow them (/live, the competition page): the
 * list the server gave, with the hub's messages on top (a new score from an event or a match
 * change, the published clock), and what a row says of each match's state. Pure: the pages
 * keep it with `scoresReducer`.
 */
import type { Schemas } from '@/api/types';
import { pageTitle } from '@/lib/document-title';
import { liveClockOf } from '@/lib/clock';
import type { MatchMessage } from '@/lib/hub';
import { matchResult, type ResultFigures, resultText, scoreText, shootoutText } from '@/lib/match-result';
import { withScore } from '@/features/match-session/session-reducer';
import type { Match } from '@/features/live/public-api';

export type LiveClock = Schemas['Clock'];

/** A connection joins at most this many match groups (the hub's limit). */
export const MAX_GROUPS = 64;

const NOT_STARTED = 200;
const FINISHED = 206;
const CANCELLED = 207;

export type Phase = 'upcoming' | 'live' | 'final' | 'cancelled';

/**
 * Where a match stands for a visitor. The status moves only when staff set it, so a match still
 * Not_Started whose secretary has published the clock or logged an event (`begun`) is live.
 */
export function phaseOf(match: Pick<Match, 'statusId'>, begun = false): Phase {
  if (match.statusId === NOT_STARTED) return begun ? 'live' : 'upcoming';
  if (match.statusId === FINISHED) return 'final';
  if (match.statusId === CANCELLED) return 'cancelled';
  return 'live';
}

/** The short name of a period: Q1 to Q4, OT. */

/** The period a match in progress is in by its status (1st Period 201 … Overtime 205), when no clock says; none before the status moves. */
export const statusPeriod = (statusId: number) => (statusId >= 201 && statusId <= 205 ? 1200 + statusId - 201 : null);

/** `HH:mm` of an instant in local time. */
export function localTime(instant: string): string {
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return instant;
  return `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
}

/**
 * What a row says of a match that is not in progress: its start time, "Final", "Final (4–3 pen.)"
 * after a shootout (the score beside it then is the regular time's, `liveScore`), "Cancelled";
 * null while it is played.
 */
export function stateText(match: Pick<Match, 'statusId' | 'startDate'> & ResultFigures, begun = false): string | null {
  switch (phaseOf(match, begun)) {
    case 'upcoming':
      return localTime(match.startDate);
    case 'final': {
      const { shootout } = matchResult(match);
      return shootout ? `Final (${shootoutText(shootout)})` : 'Final';
    }
    case 'cancelled':
      return 'Cancelled';
    case 'live':
      return null;
  }
}

/**
 * The matches to follow on the hub, at most MAX_GROUPS: those in progress, then those still to
 * start, so a match that begins shows live at once rather than at the next refresh.
 */
export const liveIds = (matches: readonly Match[], clocks: Readonly<Record<number, LiveClock>> = {}): number[] => {
  const of = (phase: Phase) => matches.filter((match) => phaseOf(match, match.id in clocks) === phase);
  return [...of('live'), ...of('upcoming')].slice(0, MAX_GROUPS).map((match) => match.id);
};

export interface CompetitionGroup {
  competitionId: number;
  name: string;
  logo: string | null;
  matches: Match[];
}

/** The matches grouped per competition, the groups and their matches in the server's order. */
export function groupByCompetition(matches: readonly Match[]): CompetitionGroup[] {
  const groups = new Map<number, CompetitionGroup>();
  for (const match of matches) {
    let group = groups.get(match.competitionId);
    if (!group) {
      group = { competitionId: match.competitionId, name: match.competitionDisplayName, logo: match.competitionLogo ?? null, matches: [] };
      groups.set(match.competitionId, group);
    }
    group.matches.push(match);
  }
  return [...groups.values()];
}

/** The big score of the public pages, "3:2": after a shootout the regular time's ("9:9"), the shootout apart. */
export const liveScore = (match: ResultFigures) => scoreText(matchResult(match).score, ':');

/** The title a match's pages carry: "Partizan 3:2 Zvezda · PoloDesk", or "Partizan 9:9, 4–3 pen. Zvezda · PoloDesk". */
export const matchTitle = (match: Match) => pageTitle(`${match.homeTeamDisplayName} ${resultText(match, ':')} ${match.awayTeamDisplayName}`);

// ---------------------------------------------------------------------------------------------
// The scores, kept live

export interface ScoresState {
  matches: Match[];
  /** The clock published last for each match, by id. */
  clocks: Record<number, LiveClock>;
}

export type ScoresAction = { type: 'matches'; matches: Match[] } | { type: 'hub'; message: MatchMessage };

export const noScores: ScoresState = { matches: [], clocks: {} };

/** A match's new score and status (newer revisions only), or the clock it published. */
export function scoresReducer(state: ScoresState, action: ScoresAction): ScoresState {
  if (action.type === 'matches') return { ...state, matches: action.matches };
  const { message } = action;
  if (message.type === 'Clock') return { ...state, clocks: { ...state.clocks, [message.matchId]: liveClockOf(message) } };
  const score = message.type === 'Event' ? message.match : 'match' in message ? message.match : null;
  if (!score) return state;
  let changed = false;
  const matches = state.matches.map((match) => {
    if (match.id !== message.matchId) return match;
    const next = withScore(match, score)!;
    changed ||= next !== match;
    return next;
  });
  return changed ? { ...state, matches } : state;
}

// ---------------------------------------------------------------------------------------------
// The day of the list

const pad = (value: number) => String(value).padStart(2, '0');

/** The local calendar day of an instant as YYYY-MM-DD. */
export const localDay = (at: Date) => `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;

/** Whether `text` is a real day written YYYY-MM-DD. */
export function isDay(text: string | null): text is string {
  if (!text || !/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const [year, month, day] = text.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The day `days` after (or before) a YYYY-MM-DD day, across months, years and leap days. */
export function shiftDay(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const shifted = new Date(Date.UTC(year, month - 1, date + days));
  return `${shifted.getUTCFullYear()}-${pad(shifted.getUTCMonth() + 1)}-${pad(shifted.getUTCDate())}`;
}

/** A day as the list's heading writes it, e.g. "Fri 27.11.2026." */
export function dayTitle(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(year, month - 1, date)).toLocaleDateString('en-GB', { weekday: 'short', timeZone: 'UTC' });
  return `${weekday} ${pad(date)}.${pad(month)}.${year}.`;
}
