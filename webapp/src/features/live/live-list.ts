/**
 * The /live list as a pure state machine: the day shown, its matches as the server listed them
 * with the hub's scores and clocks on top, and the loads it asks for (a new day, the minute's
 * refresh, missed hub messages).
 */
import type { MatchMessage } from '@/lib/hub';
import { noScores, type ScoresState, scoresReducer } from '@/features/live/live-scores';
import type { Match } from '@/features/live/public-api';

export const NO_MATCHES = 'No matches on this day.';
export const LIST_FAILED = 'The matches could not be loaded. They are tried again shortly.';
/** The list is loaded again this often, for matches that start or end. */
export const REFRESH_MS = 60_000;

export interface ListState {
  /** The day shown, YYYY-MM-DD. */
  day: string;
  status: 'loading' | 'ready' | 'failed';
  scores: ScoresState;
  /** Counts the loads asked for; the page loads the list again when it grows. */
  reloads: number;
}

export type ListAction =
  | { type: 'day'; day: string }
  | { type: 'loaded'; day: string; matches: Match[] }
  | { type: 'loadFailed'; day: string }
  | { type: 'hub'; message: MatchMessage }
  /** Load the list again: messages were missed, or the minute is up. */
  | { type: 'reload' };

export const initialList = (day: string): ListState => ({ day, status: 'loading', scores: noScores, reloads: 0 });

export function listReducer(state: ListState, action: ListAction): ListState {
  switch (action.type) {
    case 'day':
      return action.day === state.day ? state : { ...state, day: action.day, status: 'loading', scores: noScores };
    case 'loaded':
      // An answer for a day no longer shown is dropped.
      if (action.day !== state.day) return state;
      return { ...state, status: 'ready', scores: scoresReducer(state.scores, { type: 'matches', matches: action.matches }) };
    case 'loadFailed':
      // A failed refresh keeps the list shown.
      return action.day !== state.day || state.status === 'ready' ? state : { ...state, status: 'failed' };
    case 'hub':
      return { ...state, scores: scoresReducer(state.scores, action) };
    case 'reload':
      return { ...state, reloads: state.reloads + 1 };
  }
}
