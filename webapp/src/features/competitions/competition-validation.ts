/** The competition form's values and field rules (spec 01 §3 Competition, §5 Competition). */
import type { Competition, CompetitionInput, TemplateLanguage } from '@/features/competitions/competitions-api';
import { COMMON_TEXT_RULES, checkText, optionalText, TEXT_LIMIT } from '@/lib/text-rules';

export const FEDERATION_REQUIRED = 'Federation field is required!';
export const DATES_ORDER = 'End date must not be before start date.';

export interface CompetitionValues {
  name: string;
  nameUniversal: string;
  shortName: string;
  description: string;
  season: string;
  federationId: number | null;
  categoryId: number | null;
  competitionTypeId: number | null;
  startDate: string;
  endDate: string;
  countryId: number | null;
  cityId: number | null;
  venue: string;
  address: string;
  phone: string;
  web: string;
  email: string;
  facebook: string;
  twitter: string;
  instagram: string;
  youtube: string;
  matchLogTemplateLanguage: TemplateLanguage;
  isPro: boolean;
  isInternational: boolean;
  gameLogPinConfirmationRequired: boolean;
  logo: string | null;
}

/** The competition's text fields: the shared ones and the season. */
const COMPETITION_TEXT_RULES = { ...COMMON_TEXT_RULES, season: { max: TEXT_LIMIT } };

export const COMPETITION_FIELDS = [
  'name',
  'nameUniversal',
  'shortName',
  'description',
  'season',
  'venue',
  'address',
  'federationId',
  'startDate',
  'endDate',
  'countryId',
  'cityId',
  'phone',
  'email',
  'web',
  'facebook',
  'twitter',
  'instagram',
  'youtube',
  'logo',
] as const;
export type CompetitionField = (typeof COMPETITION_FIELDS)[number];

export function checkCompetitionField(field: CompetitionField, values: CompetitionValues): string | undefined {
  switch (field) {
    case 'name':
    case 'nameUniversal':
    case 'shortName':
    case 'description':
    case 'season':
    case 'venue':
    case 'address':
    case 'phone':
    case 'email':
    case 'web':
    case 'facebook':
    case 'twitter':
    case 'instagram':
    case 'youtube':
      return checkText(values[field], COMPETITION_TEXT_RULES[field]);
    case 'federationId':
      return values.federationId === null ? FEDERATION_REQUIRED : undefined;
    case 'endDate':
      return values.startDate !== '' && values.endDate !== '' && values.endDate < values.startDate ? DATES_ORDER : undefined;
    case 'startDate':
    case 'countryId':
    case 'cityId':
    case 'logo':
      return undefined;
  }
}

export function initialCompetitionValues(competition: Competition | null, fixedFederationId?: number | null): CompetitionValues {
  const text = (value: string | null | undefined) => value ?? '';
  return {
    name: text(competition?.name),
    nameUniversal: text(competition?.nameUniversal),
    shortName: text(competition?.shortName),
    description: text(competition?.description),
    season: text(competition?.season),
    federationId: fixedFederationId ?? competition?.federationId ?? null,
    categoryId: competition?.categoryId ?? null,
    competitionTypeId: competition?.competitionTypeId ?? null,
    startDate: text(competition?.startDate),
    endDate: text(competition?.endDate),
    countryId: competition?.countryId ?? null,
    cityId: competition?.cityId ?? null,
    venue: text(competition?.venue),
    address: text(competition?.address),
    phone: text(competition?.phone),
    web: text(competition?.web),
    email: text(competition?.email),
    facebook: text(competition?.facebook),
    twitter: text(competition?.twitter),
    instagram: text(competition?.instagram),
    youtube: text(competition?.youtube),
    // Spec 01 §9: the match log template language is en unless rs is chosen.
    matchLogTemplateLanguage: competition?.matchLogTemplateLanguage ?? 'en',
    isPro: competition?.isPro ?? false,
    isInternational: competition?.isInternational ?? false,
    gameLogPinConfirmationRequired: competition?.gameLogPinConfirmationRequired ?? false,
    logo: competition?.logo ?? null,
  };
}

/** The request body: every field, empty texts as null. */
export function toCompetitionInput(values: CompetitionValues): CompetitionInput {
  return {
    name: values.name.trim(),
    nameUniversal: values.nameUniversal.trim(),
    shortName: optionalText(values.shortName),
    description: optionalText(values.description),
    season: optionalText(values.season),
    federationId: values.federationId,
    categoryId: values.categoryId,
    competitionTypeId: values.competitionTypeId,
    startDate: values.startDate || null,
    endDate: values.endDate || null,
    countryId: values.countryId,
    cityId: values.cityId,
    venue: optionalText(values.venue),
    address: optionalText(values.address),
    phone: optionalText(values.phone),
    web: optionalText(values.web),
    email: optionalText(values.email),
    facebook: optionalText(values.facebook),
    twitter: optionalText(values.twitter),
    instagram: optionalText(values.instagram),
    youtube: optionalText(values.youtube),
    matchLogTemplateLanguage: values.matchLogTemplateLanguage,
    isPro: values.isPro,
    isInternational: values.isInternational,
    gameLogPinConfirmationRequired: values.gameLogPinConfirmationRequired,
    logo: values.logo,
  };
}
