/** The official and official role rules (spec 01 §5 Official form, Official role form); the PIN's are in lib/pin. */
import type { FederationOfficialInput, OfficialRole } from '@/features/officials/officials-api';
import { checkAll, type FormErrors } from '@/lib/form-errors';
import { type ProfileValue, validateProfile } from '@/components/profile-picker/profile-picker';

export const FEDERATION_REQUIRED = 'Federation field is required!';
export const ROLES_REQUIRED = 'Roles field is required!';
export const ACTIVE_ORDER = 'Active to must not be before active from.';
export const TITLE_LIMIT = 200;
export const TOO_LONG = 'Too long input!';

/** Today as `YYYY-MM-DD` in local time: the default start of an official role. */
export function today(now: Date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
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

function validateRoleField(field: RoleField, values: RoleValues): string | undefined {
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
  return checkAll(values, ROLE_FIELDS, validateRoleField);
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

/** A new official: its profile, title and federation rows. */
export interface NewOfficialValues {
  profile: ProfileValue;
  title: string;
  federations: RoleValues[];
}

/** The error path of a federation row's field, as the server names it. */
export const rowPath = (index: number, field: RoleField) => `federations[${index}].${field}`;

/**
 * Every message of a new official, by the server's paths: the profile's (`profileOption`,
 * `personId`, `person.<field>`), `title`, `federations` (none given) and each row's
 * `federations[i].<field>`.
 */
export function validateNewOfficial(values: NewOfficialValues): FormErrors {
  const errors: Record<string, string> = { ...validateProfile(values.profile, 'official') };
  const title = validateTitle(values.title);
  if (title !== undefined) errors.title = title;
  if (values.federations.length === 0) errors.federations = FEDERATION_REQUIRED;
  values.federations.forEach((row, index) => {
    for (const [field, message] of Object.entries(validateRole(row))) errors[rowPath(index, field as RoleField)] = message;
  });
  return errors;
}

/** One federation row's messages out of the form's. */
export function rowErrors(errors: FormErrors, index: number): RoleErrors {
  const found: RoleErrors = {};
  for (const field of ROLE_FIELDS) {
    const message = errors[rowPath(index, field)];
    if (message !== undefined) found[field] = message;
  }
  return found;
}
