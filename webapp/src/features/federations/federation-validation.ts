/** The federation form's values and field rules (spec 01 §3 Federation, §5 Federation). */
import { COMMON_TEXT_RULES, COUNTRY_REQUIRED, checkPeriod, checkText, TEXT_LIMIT } from '@/lib/text-rules';
import { CONTACT_KEYS, isTextKey, textInputs, textValues } from '@/lib/text-values';
import type { Federation, FederationInput } from '@/features/federations/federations-api';

export const ACTIVE_FROM_REQUIRED = 'Active from field is required!';

/** The federation's text fields: the shared ones (it has no venue) with president and secretary. */
const FEDERATION_TEXT_RULES = { ...COMMON_TEXT_RULES, president: { max: TEXT_LIMIT }, secretary: { max: TEXT_LIMIT } };

/** The federation's texts, in the form's order. */
const TEXT_KEYS = ['name', 'nameUniversal', 'shortName', 'description', 'president', 'secretary', ...CONTACT_KEYS] as const;

export type FederationValues = Record<(typeof TEXT_KEYS)[number], string> & {
  countryId: number | null;
  cityId: number | null;
  activeFrom: string;
  activeTo: string;
  categories: number[];
  isPro: boolean;
  logo: string | null;
};

export const FEDERATION_FIELDS = [
  'name',
  'nameUniversal',
  'shortName',
  'description',
  'president',
  'secretary',
  'countryId',
  'cityId',
  'activeFrom',
  'activeTo',
  'categories',
  'address',
  'phone',
  'web',
  'email',
  'facebook',
  'twitter',
  'youtube',
  'instagram',
  'logo',
] as const;
export type FederationField = (typeof FEDERATION_FIELDS)[number];

export function checkFederationField(field: FederationField, values: FederationValues): string | undefined {
  if (isTextKey(TEXT_KEYS, field)) return checkText(values[field], FEDERATION_TEXT_RULES[field]);
  switch (field) {
    case 'countryId':
      return values.countryId === null ? COUNTRY_REQUIRED : undefined;
    case 'activeFrom':
      return values.activeFrom === '' ? ACTIVE_FROM_REQUIRED : undefined;
    case 'activeTo':
      return checkPeriod(values.activeFrom, values.activeTo);
    case 'cityId':
    case 'categories':
    case 'logo':
      return undefined;
  }
}

export function initialFederationValues(federation: Federation | null): FederationValues {
  return {
    ...textValues(TEXT_KEYS, federation),
    countryId: federation?.countryId ?? null,
    cityId: federation?.cityId ?? null,
    activeFrom: federation?.activeFrom ?? '',
    activeTo: federation?.activeTo ?? '',
    categories: federation ? [...federation.categoryIds] : [],
    isPro: federation?.isPro ?? false,
    logo: federation?.logo ?? null,
  };
}

/** The request body: every field, empty texts as null. */
export function toFederationInput(values: FederationValues): FederationInput {
  return {
    ...textInputs(TEXT_KEYS, values),
    name: values.name.trim(),
    nameUniversal: values.nameUniversal.trim(),
    countryId: values.countryId,
    cityId: values.cityId,
    activeFrom: values.activeFrom || null,
    activeTo: values.activeTo || null,
    categories: values.categories,
    isPro: values.isPro,
    logo: values.logo,
  };
}
