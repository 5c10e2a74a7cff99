/** A new club manager's or player's profile with club and team rows, as their forms hold and send it. */
import type { FormErrors } from '@/lib/form-errors';
import { type ClubRow, clubRowInput, membershipErrors } from '@/components/profile-picker/membership-validation';
import {
  EMPTY_PROFILE,
  profilePayload,
  type ProfileRole,
  type ProfileValue,
  validateProfile,
} from '@/components/profile-picker/profile-picker';

export interface MemberValues<R> {
  profile: ProfileValue;
  clubs: ClubRow[];
  teams: R[];
}

/** A new coach or player; a team or club fixed by the page starts as its first row. */
export function initialMemberValues<R>(
  emptyTeamRow: (teamId: number) => R,
  fixedTeamId: number | undefined,
  fixedClubId: number | undefined,
): MemberValues<R> {
  return {
    profile: EMPTY_PROFILE,
    clubs: fixedClubId === undefined ? [] : [{ clubId: fixedClubId, activeFrom: '', activeTo: '' }],
    teams: fixedTeamId === undefined ? [] : [emptyTeamRow(fixedTeamId)],
  };
}

/** The profile's rules, each row's, and the "at least one club or team" rule. */
export function memberErrors<R>(values: MemberValues<R>, role: ProfileRole, teamRowErrors: (row: R, path: string) => FormErrors): FormErrors {
  return { ...validateProfile(values.profile, role), ...membershipErrors(values.clubs, values.teams, teamRowErrors) };
}

/** The profile, and the club and team rows, as POST /api/Coaches and /api/Players take them. */
export function memberInput<R, T>(values: MemberValues<R>, teamRowInput: (row: R) => T) {
  return {
    ...profilePayload(values.profile),
    clubs: values.clubs.map(clubRowInput),
    teams: values.teams.map(teamRowInput),
  };
}
