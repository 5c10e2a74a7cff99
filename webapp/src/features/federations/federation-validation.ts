/** The federation form's values and field rules (spec 01 §3 Federation, §5 Federation). */
import { COMMON_TEXT_RULES, COUNTRY_REQUIRED, checkPeriod, checkText, optionalText, TEXT_LIMIT } from '@/lib/text-rules';
import type { Federation, FederationInput } from '@/features/federations/federations-api';

export const ACTIVE_FROM_REQUIRED = 'Active from field is required!';

/** The federation's text fields: the shared ones (it has no venue) with president and secretary. */
const FEDERATION_TEXT_RULES = { ...COMMON_TEXT_RULES, president: { max: TEXT_LIMIT }, secretary: { max: TEXT_LIMIT } };

export interface FederationValues {
  name: string;
  nameUniversal: string;
  shortName: string;
  description: string;
  president: string;
  secretary: string;
  countryId: number | null;
  cityId: number | null;
  activeFrom: string;
  activeTo: string;
  categories: number[];
  address: string;
  phone: string;
  web: string;
  email: string;
  facebook: string;
  twitter: string;
  youtube: string;
  instagram: string;
  isPro: boolean;
  logo: string | null;
}

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
  switch (field) {
    case 'name':
    case 'nameUniversal':
    case 'shortName':
    case 'description':
    case 'president':
    case 'secretary':
    case 'address':
    case 'phone':
    case 'web':
    case 'email':
    case 'facebook':
    case 'twitter':
    case 'youtube':
    case 'instagram':
      return checkText(values[field], FEDERATION_TEXT_RULES[field]);
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
  const text = (value: string | null | undefined) => value ?? '';
  return {
    name: text(federation?.name),
    nameUniversal: text(federation?.nameUniversal),
    shortName: text(federation?.shortName),
    description: text(federation?.description),
    president: text(federation?.president),
    secretary: text(federation?.secretary),
    countryId: federation?.countryId ?? null,
    cityId: federation?.cityId ?? null,
    activeFrom: text(federation?.activeFrom),
    activeTo: text(federation?.activeTo),
    categories: federation ? [...federation.categoryIds] : [],
    address: text(federation?.address),
    phone: text(federation?.phone),
    web: text(federation?.web),
    email: text(federation?.email),
    facebook: text(federation?.facebook),
    twitter: text(federation?.twitter),
    youtube: text(federation?.youtube),
    instagram: text(federation?.instagram),
    isPro: federation?.isPro ?? false,
    logo: federation?.logo ?? null,
  };
}

/** The request body: every field, empty texts as null. */
export function toFederationInput(values: FederationValues): FederationInput {
  return {
    name: values.name.trim(),
    nameUniversal: values.nameUniversal.trim(),
    shortName: optionalText(values.shortName),
    description: optionalText(values.description),
    president: optionalText(values.president),
    secretary: optionalText(values.secretary),
    countryId: values.countryId,
    cityId: values.cityId,
    activeFrom: values.activeFrom || null,
    activeTo: values.activeTo || null,
    categories: values.categories,
    address: optionalText(values.address),
    phone: optionalText(values.phone),
    web: optionalText(values.web),
    email: optionalText(values.email),
    facebook: optionalText(values.facebook),
    twitter: optionalText(values.twitter),
    youtube: optionalText(values.youtube),
    instagram: optionalText(values.instagram),
    isPro: values.isPro,
    logo: values.logo,
  };
}
