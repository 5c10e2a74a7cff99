/** The club form's values, its field rules (spec 01 §5 Club) and its request body. */
import type { Club, ClubInput } from '@/features/clubs/clubs-api';
import type { EntityRef } from '@/lib/entity-refs';
import { checkPeriod, checkText, COMMON_TEXT_RULES, optionalText, TEXT_LIMIT, type TextRule } from '@/lib/text-rules';

export const CLUB_TEXT_RULES = { ...COMMON_TEXT_RULES, president: { max: TEXT_LIMIT } } satisfies Record<string, TextRule>;

export type ClubTextField = keyof typeof CLUB_TEXT_RULES;

export type ClubValues = Record<ClubTextField, string> & {
  countryId: number | null;
  cityId: number | null;
  federation: EntityRef | null;
  /** Categories to open teams in; only when creating. */
  teamCategories: number[];
  activeFrom: string;
  activeTo: string;
  isPro: boolean;
  logo: string | null;
};

/** Messages by request-body field name, where the server puts its own too. */
export type ClubErrors = Partial<Record<keyof ClubInput, string>>;

export const CLUB_TEXT_FIELDS = Object.keys(CLUB_TEXT_RULES) as ClubTextField[];

export function initialClubValues(club: Club | undefined, federation: EntityRef | null): ClubValues {
  const text = (value: string | null | undefined) => value ?? '';
  return {
    name: text(club?.name),
    nameUniversal: text(club?.nameUniversal),
    shortName: text(club?.shortName),
    description: text(club?.description),
    president: text(club?.president),
    venue: text(club?.venue),
    address: text(club?.address),
    phone: text(club?.phone),
    web: text(club?.web),
    email: text(club?.email),
    facebook: text(club?.facebook),
    twitter: text(club?.twitter),
    youtube: text(club?.youtube),
    instagram: text(club?.instagram),
    countryId: club?.countryId ?? null,
    cityId: club?.cityId ?? null,
    federation: club?.federation ?? federation,
    teamCategories: [],
    activeFrom: text(club?.activeFrom),
    activeTo: text(club?.activeTo),
    isPro: club?.isPro ?? false,
    logo: club?.logo ?? null,
  };
}

/** Every message of the form, by request-body field name. */
export function validateClub(values: ClubValues): ClubErrors {
  const errors: ClubErrors = {};
  for (const field of CLUB_TEXT_FIELDS) {
    const message = checkText(values[field], CLUB_TEXT_RULES[field]);
    if (message !== undefined) errors[field] = message;
  }
  const period = checkPeriod(values.activeFrom, values.activeTo);
  if (period !== undefined) errors.activeTo = period;
  return errors;
}

/** The request body; an existing club keeps what the form does not show (isNational). */
export function clubInput(values: ClubValues, club: Club | undefined): ClubInput {
  const input: ClubInput = {
    countryId: values.countryId,
    cityId: values.cityId,
    federationId: values.federation?.id ?? null,
    activeFrom: values.activeFrom === '' ? null : values.activeFrom,
    activeTo: values.activeTo === '' ? null : values.activeTo,
    isPro: values.isPro,
    isNational: club?.isNational ?? false,
    logo: values.logo,
  };
  for (const field of CLUB_TEXT_FIELDS) input[field] = optionalText(values[field]);
  if (!club) input.teamCategories = values.teamCategories;
  return input;
}
