/** The player forms' values, rules and request bodies (spec 01 §5). */
import type { FormErrors } from '@/lib/form-errors';
import { initialMemberValues, memberErrors, memberInput, type MemberValues } from '@/components/memberships/member-values';
import { emptyPlayerTeamRow, type PlayerTeamRow, playerTeamRowErrors, playerTeamRowInput } from '@/components/memberships/team-rows';
import { PERSON_TEXT_LIMIT } from '@/components/profile-picker/person-validation';
import { TOO_LONG } from '@/lib/text-rules';
import type { Schemas } from '@/api/types';
import type { Hand, PlayerDetail } from '@/features/players/players-api';

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
export function playerInfoInput(values: PlayerInfoValues): Schemas['PlayerInput'] {
  const text = (value: string) => (value.trim() === '' ? null : value.trim());
  return {
    height: text(values.height),
    weight: text(values.weight),
    dominantHand: values.dominantHand,
    // The positions come from GET /api/Positions, whose ids are the Position codes.
    primaryPositionId: values.primaryPositionId as Schemas['Position'] | null,
  };
}

export type PlayerValues = MemberValues<PlayerTeamRow> & { info: PlayerInfoValues };

/** A new player; a team or club fixed by the page starts as its first row. */
export function initialPlayerValues(fixedTeamId?: number, fixedClubId?: number): PlayerValues {
  return { ...initialMemberValues(emptyPlayerTeamRow, fixedTeamId, fixedClubId), info: EMPTY_PLAYER_INFO };
}

export function validatePlayer(values: PlayerValues): FormErrors {
  return { ...memberErrors(values, 'player', playerTeamRowErrors), ...playerInfoErrors(values.info) };
}

/** POST /api/Players: the profile, the player information, and the club and team rows. */
export function newPlayerInput(values: PlayerValues): Schemas['NewPlayerInput'] {
  return { ...memberInput(values, playerTeamRowInput), ...playerInfoInput(values.info) };
}
