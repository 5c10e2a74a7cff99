/** The federation form's values and field rules (spec 01 §3 Federation, §5 Federation). */
import {
  CONTACT_LIMIT,
  COUNTRY_REQUIRED,
  checkEmail,
  checkPhone,
  checkText,
  NAME_REQUIRED,
  optionalText,
  TEXT_LIMIT,
  UNIVERSAL_NAME_REQUIRED,
} from '@/features/competitions/entity-rules';
import type { Federation, FederationInput } from '@/features/federations/federations-api';

export const ACTIVE_FROM_REQUIRED = 'Active from field is required!';
export const ACTIVE_ORDER = 'Active to must not be before active from.';

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
      return checkText(values.name, TEXT_LIMIT, NAME_REQUIRED);
    case 'nameUniversal':
      return checkText(values.nameUniversal, TEXT_LIMIT, UNIVERSAL_NAME_REQUIRED);
    case 'shortName':
    case 'description':
    case 'president':
    case 'secretary':
    case 'address':
      return checkText(values[field], TEXT_LIMIT);
    case 'web':
    case 'facebook':
    case 'twitter':
    case 'youtube':
    case 'instagram':
      return checkText(values[field], CONTACT_LIMIT);
    case 'phone':
      return checkPhone(values.phone);
    case 'email':
      return checkEmail(values.email);
    case 'countryId':
      return values.countryId === null ? COUNTRY_REQUIRED : undefined;
    case 'activeFrom':
      return values.activeFrom === '' ? ACTIVE_FROM_REQUIRED : undefined;
    case 'activeTo':
      return values.activeFrom !== '' && values.activeTo !== '' && values.activeTo < values.activeFrom
        ? ACTIVE_ORDER
        : undefined;
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
