/**
 * The public API the pages for visitors read (`/api/Public/...`): no sign-in, and a 404 when the
 * match or competition does not exist or its competition is not public.
 */
import { ApiRequestError, UNEXPECTED_ERROR } from '@/api/client';
import type { Schemas } from '@/api/types';

export type Match = Schemas['Match'];
export type EventView = Schemas['EventView'];
export type MatchStats = Schemas['MatchStats'];
export type StandingGroup = Schemas['StandingGroupView'];

/** A public competition with its live matches, current round and standings. */
export type PublicCompetition = Schemas['PublicCompetition'];

/**
 * Reads a public resource without the session's token (the answers are the same for everybody and
 * may be cached as such, and a stale token must not sign a visitor out); a failure is an
 * ApiRequestError with the server's message, as the API client throws. The browser revalidates
 * every read (a 304 costs no body): a kept copy could be older than the hub messages that follow.
 */
async function publicGet<T>(path: string): Promise<T> {
  const response = await fetch(path, { headers: { Accept: 'application/json' }, cache: 'no-cache' });
  const text = await response.text();
  if (response.ok) return JSON.parse(text) as T;
  let message = UNEXPECTED_ERROR;
  try {
    const body = JSON.parse(text) as { message?: unknown };
    if (response.status < 500 && typeof body.message === 'string') message = body.message;
  } catch {
    // Not the server's error shape.
  }
  throw new ApiRequestError(message, response.status, {}, text, response.headers);
}

const api = { get: publicGet };

/** Minutes east of UTC of this browser's zone at `at` (the list's `tzOffset`). */
export const tzOffsetAt = (at: Date) => -at.getTimezoneOffset();

/** The matches of public competitions starting on the local `date` (YYYY-MM-DD), and every match in progress. */
export const getPublicMatches = (date: string, tzOffset: number) =>
  api.get<Match[]>(`/api/Public/Matches?date=${date}&tzOffset=${tzOffset}`);

/** The nearest days before and after the local `date` with a match, for a day without any. */
export type MatchDays = Schemas['MatchDays'];
export const getPublicMatchDays = (date: string, tzOffset: number) =>
  api.get<MatchDays>(`/api/Public/MatchDays?date=${date}&tzOffset=${tzOffset}`);

export const getPublicMatch = (id: number) => api.get<Match>(`/api/Public/Matches/${id}`);

/** The match's events in log order. */
export const getPublicEvents = (id: number) => api.get<EventView[]>(`/api/Public/Matches/${id}/events`);

export const getPublicStats = (id: number) => api.get<MatchStats>(`/api/Public/Matches/${id}/stats`);

/** Every public competition, the latest season first. */
export type PublicCompetitionRef = Schemas['PublicCompetitionRef'];
export const getPublicCompetitions = () => api.get<PublicCompetitionRef[]>('/api/Public/Competitions');

export const getPublicCompetition = (id: number) => api.get<PublicCompetition>(`/api/Public/Competitions/${id}`);

/** The team's crest (its logo, else its club's) as a PNG; a 404 when it has none. */
export const crestUrl = (teamId: number) => `/api/Public/Teams/${teamId}/crest`;
