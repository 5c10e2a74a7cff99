/**
 * The public competition page as a pure state machine: the competition the server gave (live
 * matches, the latest round, the standings), the scores and clocks of its matches kept live from
 * the hub, and the loads it asks for.
 */
import type { MatchMessage } from '@/lib/hub';
import { noScores, type ScoresState, scoresReducer } from '@/features/live/live-scores';
import type { Match, PublicCompetition } from '@/features/live/public-api';

export const COMPETITION_NOT_AVAILABLE = 'This competition is not available.';
export const COMPETITION_FAILED = 'The competition could not be loaded. It is tried again shortly.';

export interface CompetitionState {
  competitionId: number;
  status: 'loading' | 'ready' | 'missing' | 'failed';
  competition: PublicCompetition | null;
  /** Every match the page shows (live and of the round, each once), with the hub's scores on top. */
  scores: ScoresState;
  reloads: number;
}

export type CompetitionAction =
  | { type: 'loaded'; competition: PublicCompetition }
  | { type: 'loadFailed'; missing: boolean }
  | { type: 'hub'; message: MatchMessage }
  | { type: 'reload' };

export const initialCompetition = (competitionId: number): CompetitionState => ({
  competitionId,
  status: 'loading',
  competition: null,
  scores: noScores,
  reloads: 0,
});

const unique = (matches: readonly Match[]) => [...new Map(matches.map((match) => [match.id, match])).values()];

export function competitionReducer(state: CompetitionState, action: CompetitionAction): CompetitionState {
  switch (action.type) {
    case 'loaded': {
      const { competition } = action;
      const matches = unique([...competition.live, ...competition.roundMatches]);
      return { ...state, status: 'ready', competition, scores: scoresReducer(state.scores, { type: 'matches', matches }) };
    }
    case 'loadFailed':
      if (action.missing) return { ...state, status: 'missing', competition: null, scores: noScores };
      return state.status === 'ready' ? state : { ...state, status: 'failed' };
    case 'hub':
      return { ...state, scores: scoresReducer(state.scores, action) };
    case 'reload':
      return { ...state, reloads: state.reloads + 1 };
  }
}

/** The matches of a list of the competition as the scores have them now. */
export function current(state: CompetitionState, matches: readonly Match[]): Match[] {
  const byId = new Map(state.scores.matches.map((match) => [match.id, match]));
  return matches.map((match) => byId.get(match.id) ?? match);
}
