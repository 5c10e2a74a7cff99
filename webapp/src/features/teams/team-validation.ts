/** The team form's values, its field rules (spec 01 §5 Team) and its request body. */
import type { EntityRef } from '@/lib/entity-refs';
import { checkPeriod, checkText, COMMON_TEXT_RULES, optionalText } from '@/lib/text-rules';
import type { Gender, Team, TeamInput } from '@/features/teams/teams-api';

export const TEAM_TEXT_RULES = COMMON_TEXT_RULES;
export type TeamTextField = keyof typeof TEAM_TEXT_RULES;
export const TEAM_TEXT_FIELDS = Object.keys(TEAM_TEXT_RULES) as TeamTextField[];

export const CLUB_REQUIRED = 'Club field is required!';
export const CATEGORY_REQUIRED = 'Category field is required!';

export type TeamValues = Record<TeamTextField, string> & {
  club: EntityRef | null;
  categoryId: number | null;
  /** Empty: the category's gender. */
  gender: Gender | '';
  countryId: number | null;
  cityId: number | null;
  activeFrom: string;
  activeTo: string;
  isPro: boolean;
  logo: string | null;
};

/** Messages by request-body field name, where the server puts its own too. */
export type TeamErrors = Partial<Record<keyof TeamInput, string>>;

export function initialTeamValues(team: Team | undefined): TeamValues {
  const text = (value: string | null | undefined) => value ?? '';
  return {
    name: text(team?.name),
    nameUniversal: text(team?.nameUniversal),
    shortName: text(team?.shortName),
    description: text(team?.description),
    venue: text(team?.venue),
    address: text(team?.address),
    phone: text(team?.phone),
    web: text(team?.web),
    email: text(team?.email),
    facebook: text(team?.facebook),
    twitter: text(team?.twitter),
    youtube: text(team?.youtube),
    instagram: text(team?.instagram),
    club: team?.club ?? null,
    categoryId: team?.categoryId ?? null,
    gender: team?.gender ?? '',
    countryId: team?.countryId ?? null,
    cityId: team?.cityId ?? null,
    activeFrom: text(team?.activeFrom),
    activeTo: text(team?.activeTo),
    isPro: team?.isPro ?? false,
    logo: team?.logo ?? null,
  };
}

/** Every message of the form, by request-body field name. */
export function validateTeam(values: TeamValues): TeamErrors {
  const errors: TeamErrors = {};
  for (const field of TEAM_TEXT_FIELDS) {
    const message = checkText(values[field], TEAM_TEXT_RULES[field]);
    if (message !== undefined) errors[field] = message;
  }
  if (values.club === null) errors.clubId = CLUB_REQUIRED;
  if (values.categoryId === null) errors.categoryId = CATEGORY_REQUIRED;
  const period = checkPeriod(values.activeFrom, values.activeTo);
  if (period !== undefined) errors.activeTo = period;
  return errors;
}

export function teamInput(values: TeamValues): TeamInput {
  const input: TeamInput = {
    clubId: values.club?.id ?? null,
    categoryId: values.categoryId,
    gender: values.gender === '' ? null : values.gender,
    countryId: values.countryId,
    cityId: values.cityId,
    activeFrom: values.activeFrom === '' ? null : values.activeFrom,
    activeTo: values.activeTo === '' ? null : values.activeTo,
    isPro: values.isPro,
    logo: values.logo,
  };
  for (const field of TEAM_TEXT_FIELDS) input[field] = optionalText(values[field]);
  return input;
}
