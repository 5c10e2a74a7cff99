/** The user form's values and its field rules (spec 01 §5 User). */
import { checkAll } from '@/lib/form-errors';
import type { PersonSummary, UserTypeId } from '@/features/users/users-api';

export interface UserValues {
  email: string;
  typeId: UserTypeId;
  federationId: number | null;
  clubId: number | null;
  person: PersonSummary | null;
}

export type UserField = 'email' | 'typeId' | 'federationId' | 'clubId' | 'personId';
export type UserErrors = Partial<Record<UserField, string>>;

export const USER_FIELDS: readonly UserField[] = ['email', 'typeId', 'federationId', 'clubId', 'personId'];

export const EMAIL_REQUIRED = 'Email field is required!';
export const EMAIL_FORMAT = 'Wrong e-mail format!';
export const TOO_LONG = 'Too long input!';
export const FEDERATION_REQUIRED = 'Federation field is required!';
export const CLUB_REQUIRED = 'Club field is required!';
export const PERSON_REQUIRED = 'Person field is required!';
export const EMAIL_MAX_LENGTH = 100;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The message for one field, or undefined when it is valid. */
export function validateUserField(field: UserField, values: UserValues): string | undefined {
  switch (field) {
    case 'email': {
      const email = values.email.trim();
      if (email === '') return EMAIL_REQUIRED;
      if (email.length > EMAIL_MAX_LENGTH) return TOO_LONG;
      return EMAIL_PATTERN.test(email) ? undefined : EMAIL_FORMAT;
    }
    case 'typeId':
      return undefined;
    case 'federationId':
      return values.typeId === 1 && values.federationId === null ? FEDERATION_REQUIRED : undefined;
    case 'clubId':
      return values.typeId === 2 && values.clubId === null ? CLUB_REQUIRED : undefined;
    case 'personId':
      return values.typeId === 3 && values.person === null ? PERSON_REQUIRED : undefined;
  }
}

export function validateUser(values: UserValues): UserErrors {
  return checkAll(values, USER_FIELDS, validateUserField);
}

/** A type change clears the chosen federation, club and person (spec 01 §2). */
export function withType(values: UserValues, typeId: UserTypeId): UserValues {
  return { ...values, typeId, federationId: null, clubId: null, person: null };
}
