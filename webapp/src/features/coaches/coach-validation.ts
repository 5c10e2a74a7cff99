/** The coach form's values, rules and request body (spec 01 §5 Player/coach membership sub-forms). */
import type { Schemas } from '@/api/types';
import type { FormErrors } from '@/lib/form-errors';
import {
  type ClubRow,
  clubRowInput,
  fieldPath,
  membershipErrors,
  periodErrors,
  periodInput,
  TEAM_REQUIRED,
} from '@/components/profile-picker/membership-validation';
import {
  EMPTY_PROFILE,
  profilePayload,
  type ProfileValue,
  validateProfile,
} from '@/components/profile-picker/profile-picker';
import { type CoachInput, HEAD_COACH } from '@/features/coaches/coaches-api';

export const ROLE_REQUIRED = 'Role field is required!';

/** A pending place on a team's bench. */
export interface CoachTeamRow {
  teamId: number | null;
  roleId: number | null;
  activeFrom: string;
  activeTo: string;
}

export interface CoachValues {
  profile: ProfileValue;
  clubs: ClubRow[];
  teams: CoachTeamRow[];
}

export const emptyTeamRow = (teamId: number | null = null): CoachTeamRow => ({
  teamId,
  roleId: HEAD_COACH,
  activeFrom: '',
  activeTo: '',
});

/** A new coach; a team or club fixed by the page starts as its first row. */
export function initialCoachValues(fixedTeamId?: number, fixedClubId?: number): CoachValues {
  return {
    profile: EMPTY_PROFILE,
    clubs: fixedClubId === undefined ? [] : [{ clubId: fixedClubId, activeFrom: '', activeTo: '' }],
    teams: fixedTeamId === undefined ? [] : [emptyTeamRow(fixedTeamId)],
  };
}

export function coachTeamRowErrors(row: CoachTeamRow, path: string): FormErrors {
  return {
    ...(row.teamId === null ? { [fieldPath(path, 'teamId')]: TEAM_REQUIRED } : {}),
    ...(row.roleId === null ? { [fieldPath(path, 'roleId')]: ROLE_REQUIRED } : {}),
    ...periodErrors(row, path),
  };
}

export function validateCoach(values: CoachValues): FormErrors {
  return {
    ...validateProfile(values.profile, 'coach'),
    ...membershipErrors(values.clubs, values.teams, coachTeamRowErrors),
  };
}

export const coachTeamRowInput = (row: CoachTeamRow) => ({
  teamId: row.teamId,
  // The roles come from GET /api/CoachRoles, whose ids are the CoachRole codes.
  roleId: row.roleId as Schemas['CoachRole'] | null,
  ...periodInput(row),
});

/** POST /api/Coaches: the profile, and the club and team rows. */
export function coachInput(values: CoachValues): CoachInput {
  return {
    ...profilePayload(values.profile),
    clubs: values.clubs.map(clubRowInput),
    teams: values.teams.map(coachTeamRowInput),
  };
}
