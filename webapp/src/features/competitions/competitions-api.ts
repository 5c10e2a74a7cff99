import { api } from '@/api/client';
import type { Schemas } from '@/api/types';
import type { Page } from '@/lib/list-query';
import { deleteWithToast } from '@/lib/delete-with-toast';

export type Competition = Schemas['Competition'];
export type CompetitionDetail = Schemas['CompetitionDetail'];
export type CompetitionTeam = Schemas['CompetitionTeam'];
export type TemplateLanguage = Schemas['TemplateLanguage'];
export type PointsRule = Schemas['PointsRule'];

/** The paged search; `params` hold the API's Filter.*, PageIndex, PageSize, SortBy and SortOrder. */
export const searchCompetitions = (params: URLSearchParams) =>
  api.get<Page<Competition>>(`/api/Competitions/search?${params.toString()}`);
export const getCompetition = (id: number) => api.get<CompetitionDetail>(`/api/Competitions/${id}`);
export const createCompetition = (input: Schemas['CompetitionInput']) => api.post<Competition>('/api/Competitions', input);
export const updateCompetition = (id: number, input: Schemas['CompetitionInput']) =>
  api.put<Competition>(`/api/Competitions/${id}`, input);

export const createCompetitionTeam = (input: Schemas['CompetitionTeamInput']) =>
  api.post<CompetitionTeam>('/api/CompetitionTeams', input);
export const updateCompetitionTeam = (id: number, input: Schemas['CompetitionTeamInput']) =>
  api.put<CompetitionTeam>(`/api/CompetitionTeams/${id}`, input);

export const DELETE_COMPETITION_QUESTION = 'Are you sure you want to delete this competition?';
/** Spec 01 §8 asks the same question for a team as for a club manager or player. */
export const DELETE_COMPETITION_TEAM_QUESTION = 'Are you sure you want to remove this team?';
/** Spec 01 §2: a match needs two teams in the competition. */
export const ADD_MORE_TEAMS = 'Add more teams to the competition before creating a match';

/** Deletes a competition and reports the outcome in a toast; resolves to whether it was deleted. */
export const deleteCompetitionWithToast = (id: number) =>
  deleteWithToast(`/api/Competitions/${id}`, 'Competition successfully deleted.');

/** Takes a team out of a competition (deletes its entry). */
export const deleteCompetitionTeamWithToast = (entryId: number) =>
  deleteWithToast(`/api/CompetitionTeams/${entryId}`, 'Competition team successfully deleted.');

export type StandingGroup = Schemas['StandingGroupView'];
export type Ranking = Schemas['RankingView'];

export const NO_STANDINGS = 'No standings could be loaded for this competition.';

/** The Overall, Home and Away tables of a competition, by rank. */
export const getStandings = (id: number) => api.get<StandingGroup[]>(`/api/Competitions/${id}/standings`);

/** Update Standings: recomputes the scores from the events, then the tables; answers the new tables. */
export const recalculateStandings = (id: number) => api.post<StandingGroup[]>(`/api/Competitions/${id}/standings`, undefined);
