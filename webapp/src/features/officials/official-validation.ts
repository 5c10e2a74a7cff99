/** The official, official role and PIN rules (spec 01 §5 Official form, Official role form, PIN). */
import type { FederationOfficialInput, OfficialRole } from '@/features/officials/officials-api';
import {
  type PersonErrors,
  type PersonValues,
  TOO_LONG,
  validatePerson,
} from '@/features/officials/person-validation';

export const PROFILE_OPTION_REQUIRED = 'You have to choose one of these options!';
export const PROFILE_REQUIRED = 'Profile field is required!';
export const ALREADY_AN_OFFICIAL = 'This person is already a official!';
export const FEDERATION_REQUIRED = 'Federation field is required!';
export const ROLES_REQUIRED = 'Roles field is required!';
export const ACTIVE_ORDER = 'Active to must not be before active from.';
export const SAME_NAME_HINT =
  'Profiles with this name and surname already exists. Click on the profile to bind the official role to it.';
export const PIN_DIGITS = 'Only numbers are allowed!';
export const PIN_TOO_SHORT = 'Too short PIN!';
export const PIN_TOO_LONG = 'Too long PIN!';
export const PIN_LENGTH = 4;
export const TITLE_LIMIT = 200;

/** Today as `YYYY-MM-DD` in local time: the default start of an official role. */
export function today(now: Date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The PIN's message, or undefined for exactly four digits. */
export function validatePin(pin: string): string | undefined {
  if (!/^[0-9]*$/.test(pin)) return PIN_DIGITS;
  if (pin.length < PIN_LENGTH) return PIN_TOO_SHORT;
  if (pin.length > PIN_LENGTH) return PIN_TOO_LONG;
  return undefined;
}

export function validateTitle(title: string): string | undefined {
  return title.trim().length > TITLE_LIMIT ? TOO_LONG : undefined;
}

/** One federation with the official's roles in it. */
export interface RoleValues {
  federationId: number | null;
  roles: OfficialRole[];
  /** `YYYY-MM-DD`; never empty. */
  activeFrom: string;
  /** `YYYY-MM-DD`, or '' for open-ended. */
  activeTo: string;
}

export type RoleField = keyof RoleValues;
export type RoleErrors = Partial<Record<RoleField, string>>;
export const ROLE_FIELDS: readonly RoleField[] = ['federationId', 'roles', 'activeFrom', 'activeTo'];

export const newRole = (federationId: number | null = null): RoleValues => ({
  federationId,
  roles: [],
  activeFrom: today(),
  activeTo: '',
});

export function validateRoleField(field: RoleField, values: RoleValues): string | undefined {
  switch (field) {
    case 'federationId':
      return values.federationId === null ? FEDERATION_REQUIRED : undefined;
    case 'roles':
      return values.roles.length === 0 ? ROLES_REQUIRED : undefined;
    case 'activeFrom':
      return undefined;
    case 'activeTo':
      return values.activeTo !== '' && values.activeTo < values.activeFrom ? ACTIVE_ORDER : undefined;
  }
}

export function validateRole(values: RoleValues): RoleErrors {
  const errors: RoleErrors = {};
  for (const field of ROLE_FIELDS) {
    const message = validateRoleField(field, values);
    if (message !== undefined) errors[field] = message;
  }
  return errors;
}

export function roleInput(values: RoleValues, officialId?: number): FederationOfficialInput {
  return {
    federationId: values.federationId,
    ...(officialId === undefined ? {} : { officialId }),
    roles: values.roles,
    activeFrom: values.activeFrom,
    activeTo: values.activeTo === '' ? null : values.activeTo,
  };
}

/** Field errors of one role from the server, under `prefix` (e.g. `federations[0].`). */
export function roleServerErrors(fieldErrors: Readonly<Record<string, string[] | undefined>>, prefix = ''): RoleErrors {
  const errors: RoleErrors = {};
  for (const field of ROLE_FIELDS) {
    const messages = fieldErrors[`${prefix}${field}`];
    if (messages && messages.length > 0) errors[field] = messages.join(' ');
  }
  return errors;
}

export type ProfileOption = 'new' | 'existing';

/** A person found by search or by the same-name check; `officialId` set when it is one already. */
export interface ChosenPerson {
  id: number;
  name: string;
  surname: string;
  birthDate: string;
  officialId: number | null;
}

export interface OfficialValues {
  profile: ProfileOption | null;
  person: ChosenPerson | null;
  newPerson: PersonValues;
  title: string;
  federations: RoleValues[];
}

export interface OfficialErrors {
  profile?: string;
  personId?: string;
  person: PersonErrors;
  title?: string;
  federations?: string;
  rows: RoleErrors[];
}

export const noOfficialErrors = (rows = 0): OfficialErrors => ({ person: {}, rows: Array.from({ length: rows }, () => ({})) });

export function hasOfficialErrors(errors: OfficialErrors): boolean {
  return (
    errors.profile !== undefined ||
    errors.personId !== undefined ||
    Object.keys(errors.person).length > 0 ||
    errors.title !== undefined ||
    errors.federations !== undefined ||
    errors.rows.some((row) => Object.keys(row).length > 0)
  );
}

export function validatePersonChoice(person: ChosenPerson | null): string | undefined {
  if (person === null) return PROFILE_REQUIRED;
  return person.officialId !== null ? ALREADY_AN_OFFICIAL : undefined;
}

/**
 * The whole official form of a new official. Without a fixed federation at least one federation
 * with roles is needed; with one, that federation's roles are.
 */
export function validateOfficial(values: OfficialValues): OfficialErrors {
  const errors = noOfficialErrors(values.federations.length);
  if (values.profile === null) errors.profile = PROFILE_OPTION_REQUIRED;
  else if (values.profile === 'existing') errors.personId = validatePersonChoice(values.person);
  else errors.person = validatePerson(values.newPerson);
  errors.title = validateTitle(values.title);
  if (values.federations.length === 0) errors.federations = FEDERATION_REQUIRED;
  errors.rows = values.federations.map(validateRole);
  if (errors.personId === undefined) delete errors.personId;
  if (errors.title === undefined) delete errors.title;
  return errors;
}
