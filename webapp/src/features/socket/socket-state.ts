/**
 * The /socket test page (spec 02 §2) as a pure state: the match typed in, the match joined, the
 * hub connection and the latest event received, with the raw message it came in.
 */
import type { Schemas } from '@/api/types';
import type { HubStatus, MatchMessage } from '@/lib/hub';

type Match = Schemas['Match'];

export interface LatestEvent {
  action: Schemas['Action'];
  /** The whole event, or only the id of the removed half of a double exclusion. */
  event: Schemas['EventBody'];
  /** The message as it arrived, pretty-printed. */
  raw: string;
}

export interface SocketState {
  input: string;
  joined: number | null;
  match: Match | null;
  /** Why the joined match could not be loaded. */
  error: string | null;
  connection: HubStatus;
  latest: LatestEvent | null;
  /** Messages missed (a gap or a Resync) since the last one shown. */
  missed: boolean;
}

export type SocketAction =
  | { type: 'typed'; input: string }
  | { type: 'join' }
  | { type: 'leave' }
  | { type: 'matchLoaded'; match: Match }
  | { type: 'matchFailed'; error: string }
  | { type: 'connection'; connection: HubStatus }
  | { type: 'message'; message: MatchMessage }
  | { type: 'resync' };

/** The page's start; a match id given in the address is joined at once. */
export function initialSocketState(input = ''): SocketState {
  return { input, joined: typedMatchId(input), match: null, error: null, connection: 'connecting', latest: null, missed: false };
}

/** The match id typed in, when it is one. */
export function typedMatchId(input: string): number | null {
  const id = Number(input.trim());
  return input.trim() !== '' && Number.isSafeInteger(id) && id > 0 ? id : null;
}

export function socketReducer(state: SocketState, action: SocketAction): SocketState {
  switch (action.type) {
    case 'typed':
      return { ...state, input: action.input };
    case 'join': {
      const id = typedMatchId(state.input);
      if (id === null || id === state.joined) return state;
      return { ...state, joined: id, match: null, error: null, latest: null, missed: false };
    }
    case 'leave':
      return { ...state, joined: null, match: null, error: null, latest: null, missed: false };
    case 'matchLoaded':
      return action.match.id === state.joined ? { ...state, match: action.match } : state;
    case 'matchFailed':
      return { ...state, error: action.error };
    case 'connection':
      return { ...state, connection: action.connection };
    case 'resync':
      return { ...state, missed: true };
    case 'message': {
      const { message } = action;
      if (message.type !== 'Event' || message.matchId !== state.joined) return state;
      return {
        ...state,
        missed: false,
        latest: { action: message.action, event: message.event, raw: JSON.stringify(message, null, 2) },
      };
    }
  }
}
