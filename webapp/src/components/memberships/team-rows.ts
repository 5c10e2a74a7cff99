/**
 * The team rows of club managers and players (spec 01 §5 Player/coach membership sub-forms): a
 * place on a team's bench with a role, or in a team with a position and cap number. The person
 * forms, the add-team drawers of the person pages and the edit drawers of a team's page share them.
 */
import type { Schemas } from '@/api/types';
import type { FormErrors } from '@/lib/form-errors';
import { fieldPath, periodErrors, periodInput, TEAM_REQUIRED } from '@/components/profile-picker/membership-validation';

export const ROLE_REQUIRED = 'Role field is required!';
export const POSITION_REQUIRED = 'Position field is required!';
export const CAP_NUMBER_RANGE = 'Cap number must be between 1 and 99.';
/** Head coach, the default role on a team's bench (spec 01 §3). */
export const HEAD_COACH = 500;

/** A pending place on a team's bench. */
export interface CoachTeamRow {
  teamId: number | null;
  roleId: number | null;
  activeFrom: string;
  activeTo: string;
}

/** A pending place on a team. The cap number is typed text until it is sent. */
export interface PlayerTeamRow {
  teamId: number | null;
  positionId: number | null;
  capNumber: string;
  activeFrom: string;
  activeTo: string;
}

export const emptyCoachTeamRow = (teamId: number | null = null): CoachTeamRow => ({
  teamId,
  roleId: HEAD_COACH,
  activeFrom: '',
  activeTo: '',
});

export const emptyPlayerTeamRow = (teamId: number | null = null): PlayerTeamRow => ({
  teamId,
  positionId: null,
  capNumber: '',
  activeFrom: '',
  activeTo: '',
});

/** The period of a saved membership as a row holds it. */
export const periodOf = (link: { activeFrom?: string | null; activeTo?: string | null }) => ({
  activeFrom: link.activeFrom ?? '',
  activeTo: link.activeTo ?? '',
});

/** A cap number is optional; when given, a whole number from 1 to 99. */
function capNumberError(capNumber: string): string | undefined {
  const text = capNumber.trim();
  if (text === '') return undefined;
  if (!/^\d+$/.test(text)) return CAP_NUMBER_RANGE;
  const cap = Number(text);
  return cap >= 1 && cap <= 99 ? undefined : CAP_NUMBER_RANGE;
}

/** The message of a missing team, role or position. */
const missing = (path: string, field: string, value: number | null, message: string): FormErrors =>
  value === null ? { [fieldPath(path, field)]: message } : {};

export function coachTeamRowErrors(row: CoachTeamRow, path: string): FormErrors {
  return {
    ...missing(path, 'teamId', row.teamId, TEAM_REQUIRED),
    ...missing(path, 'roleId', row.roleId, ROLE_REQUIRED),
    ...periodErrors(row, path),
  };
}

export function playerTeamRowErrors(row: PlayerTeamRow, path: string): FormErrors {
  const cap = capNumberError(row.capNumber);
  return {
    ...missing(path, 'teamId', row.teamId, TEAM_REQUIRED),
    ...missing(path, 'positionId', row.positionId, POSITION_REQUIRED),
    ...(cap === undefined ? {} : { [fieldPath(path, 'capNumber')]: cap }),
    ...periodErrors(row, path),
  };
}

export const coachTeamRowInput = (row: CoachTeamRow) => ({
  teamId: row.teamId,
  // The roles come from GET /api/CoachRoles, whose ids are the CoachRole codes.
  roleId: row.roleId as Schemas['CoachRole'] | null,
  ...periodInput(row),
});

export const playerTeamRowInput = (row: PlayerTeamRow) => ({
  teamId: row.teamId,
  // The positions come from GET /api/Positions, whose ids are the Position codes.
  positionId: row.positionId as Schemas['Position'] | null,
  capNumber: row.capNumber.trim() === '' ? null : Number(row.capNumber.trim()),
  ...periodInput(row),
});
