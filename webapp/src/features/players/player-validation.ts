/** The player forms' values, rules and request bodies (spec 01 §5). */
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
import { PERSON_TEXT_LIMIT } from '@/components/profile-picker/person-validation';
import { TOO_LONG } from '@/lib/text-rules';
import type { Hand, NewPlayerInput, PlayerDetail, PlayerInput, Position } from '@/features/players/players-api';

export const POSITION_REQUIRED = 'Position field is required!';
export const CAP_NUMBER_RANGE = 'Cap number must be between 1 and 99.';

/** Height, weight, dominant hand and primary position: the Player information tab. */
export interface PlayerInfoValues {
  height: string;
  weight: string;
  dominantHand: Hand | null;
  primaryPositionId: number | null;
}

export const EMPTY_PLAYER_INFO: PlayerInfoValues = { height: '', weight: '', dominantHand: null, primaryPositionId: null };

export function playerInfoValues(player: PlayerDetail): PlayerInfoValues {
  return {
    height: player.height ?? '',
    weight: player.weight ?? '',
    dominantHand: player.dominantHand ?? null,
    primaryPositionId: player.primaryPositionId ?? null,
  };
}

/** Height and weight hold 200 characters. */
export function playerInfoErrors(values: PlayerInfoValues): FormErrors {
  const errors: Record<string, string> = {};
  if (values.height.trim().length > PERSON_TEXT_LIMIT) errors.height = TOO_LONG;
  if (values.weight.trim().length > PERSON_TEXT_LIMIT) errors.weight = TOO_LONG;
  return errors;
}

/** PUT /api/Players/{id}. */
export function playerInfoInput(values: PlayerInfoValues): PlayerInput {
  const text = (value: string) => (value.trim() === '' ? null : value.trim());
  return {
    height: text(values.height),
    weight: text(values.weight),
    dominantHand: values.dominantHand,
    // The positions come from GET /api/Positions, whose ids are the Position codes.
    primaryPositionId: values.primaryPositionId as Position | null,
  };
}

/** A pending place on a team. The cap number is typed text until it is sent. */
export interface PlayerTeamRow {
  teamId: number | null;
  positionId: number | null;
  capNumber: string;
  activeFrom: string;
  activeTo: string;
}

export interface PlayerValues {
  profile: ProfileValue;
  info: PlayerInfoValues;
  clubs: ClubRow[];
  teams: PlayerTeamRow[];
}

export const emptyPlayerTeamRow = (teamId: number | null = null): PlayerTeamRow => ({
  teamId,
  positionId: null,
  capNumber: '',
  activeFrom: '',
  activeTo: '',
});

/** A new player; a team or club fixed by the page starts as its first row. */
export function initialPlayerValues(fixedTeamId?: number, fixedClubId?: number): PlayerValues {
  return {
    profile: EMPTY_PROFILE,
    info: EMPTY_PLAYER_INFO,
    clubs: fixedClubId === undefined ? [] : [{ clubId: fixedClubId, activeFrom: '', activeTo: '' }],
    teams: fixedTeamId === undefined ? [] : [emptyPlayerTeamRow(fixedTeamId)],
  };
}

/** A cap number is optional; when given, a whole number from 1 to 99. */
export function capNumberError(capNumber: string): string | undefined {
  const text = capNumber.trim();
  if (text === '') return undefined;
  if (!/^\d+$/.test(text)) return CAP_NUMBER_RANGE;
  const cap = Number(text);
  return cap >= 1 && cap <= 99 ? undefined : CAP_NUMBER_RANGE;
}

export function playerTeamRowErrors(row: PlayerTeamRow, path: string): FormErrors {
  const cap = capNumberError(row.capNumber);
  return {
    ...(row.teamId === null ? { [fieldPath(path, 'teamId')]: TEAM_REQUIRED } : {}),
    ...(row.positionId === null ? { [fieldPath(path, 'positionId')]: POSITION_REQUIRED } : {}),
    ...(cap === undefined ? {} : { [fieldPath(path, 'capNumber')]: cap }),
    ...periodErrors(row, path),
  };
}

export function validatePlayer(values: PlayerValues): FormErrors {
  return {
    ...validateProfile(values.profile, 'player'),
    ...playerInfoErrors(values.info),
    ...membershipErrors(values.clubs, values.teams, playerTeamRowErrors),
  };
}

export const playerTeamRowInput = (row: PlayerTeamRow) => ({
  teamId: row.teamId,
  positionId: row.positionId as Position | null,
  capNumber: row.capNumber.trim() === '' ? null : Number(row.capNumber.trim()),
  ...periodInput(row),
});

/** POST /api/Players: the profile, the player information, and the club and team rows. */
export function newPlayerInput(values: PlayerValues): NewPlayerInput {
  return {
    ...profilePayload(values.profile),
    ...playerInfoInput(values.info),
    clubs: values.clubs.map(clubRowInput),
    teams: values.teams.map(playerTeamRowInput),
  };
}
