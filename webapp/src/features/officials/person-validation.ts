/** The person form's values and its field rules (spec 01 §5 Person). */
import type { Person, PersonInput } from '@/features/officials/officials-api';

export interface PersonValues {
  name: string;
  surname: string;
  /** `YYYY-MM-DD`, or '' when not chosen. */
  birthDate: string;
  nationality: string;
  address: string;
  email: string;
  phone: string;
  facebook: string;
  youtube: string;
  twitter: string;
  instagram: string;
  /** Base64 PNG, or null. */
  photo: string | null;
  countryOfBirthId: number | null;
  cityOfBirthId: number | null;
}

export type PersonField = keyof PersonValues;
export type PersonErrors = Partial<Record<PersonField, string>>;

export const PERSON_FIELDS: readonly PersonField[] = [
  'name',
  'surname',
  'birthDate',
  'nationality',
  'address',
  'email',
  'phone',
  'facebook',
  'youtube',
  'twitter',
  'instagram',
  'photo',
  'countryOfBirthId',
  'cityOfBirthId',
];

export const NAME_REQUIRED = 'Name field is required!';
export const SURNAME_REQUIRED = 'Surname field is required!';
export const BIRTH_DATE_REQUIRED = 'Birth date field is required!';
export const TOO_LONG = 'Too long input!';
export const WRONG_EMAIL = 'Wrong e-mail format!';
export const PHONE_FORMAT = 'Only numbers and plus sign are allowed!';
/** Person texts, phone and email included, are at most 200 characters (spec 01 §5 Person). */
export const PERSON_TEXT_LIMIT = 200;

export const EMPTY_PERSON: PersonValues = {
  name: '',
  surname: '',
  birthDate: '',
  nationality: '',
  address: '',
  email: '',
  phone: '',
  facebook: '',
  youtube: '',
  twitter: '',
  instagram: '',
  photo: null,
  countryOfBirthId: null,
  cityOfBirthId: null,
};

/** The same rule as the server's: one @, a dotted domain, no spaces. */
export function isValidEmail(email: string): boolean {
  const at = email.indexOf('@');
  if (at <= 0 || email.indexOf('@', at + 1) !== -1 || /\s/.test(email)) return false;
  const parts = email.slice(at + 1).split('.');
  return parts.length >= 2 && parts.every((part) => part !== '');
}

/** Digits, parentheses, plus and spaces. */
export const isValidPhone = (phone: string) => /^[0-9+() ]*$/.test(phone);

function text(value: string, required?: string): string | undefined {
  const trimmed = value.trim();
  if (required !== undefined && trimmed === '') return required;
  return trimmed.length > PERSON_TEXT_LIMIT ? TOO_LONG : undefined;
}

/** The message for one field, or undefined when it is valid. */
export function validatePersonField(field: PersonField, values: PersonValues): string | undefined {
  switch (field) {
    case 'name':
      return text(values.name, NAME_REQUIRED);
    case 'surname':
      return text(values.surname, SURNAME_REQUIRED);
    case 'birthDate':
      return values.birthDate === '' ? BIRTH_DATE_REQUIRED : undefined;
    case 'email': {
      const email = values.email.trim();
      return text(email) ?? (email !== '' && !isValidEmail(email) ? WRONG_EMAIL : undefined);
    }
    case 'phone': {
      const phone = values.phone.trim();
      return text(phone) ?? (isValidPhone(phone) ? undefined : PHONE_FORMAT);
    }
    case 'nationality':
    case 'address':
    case 'facebook':
    case 'youtube':
    case 'twitter':
    case 'instagram':
      return text(values[field]);
    case 'photo':
    case 'countryOfBirthId':
    case 'cityOfBirthId':
      return undefined;
  }
}

export function validatePerson(values: PersonValues): PersonErrors {
  const errors: PersonErrors = {};
  for (const field of PERSON_FIELDS) {
    const message = validatePersonField(field, values);
    if (message !== undefined) errors[field] = message;
  }
  return errors;
}

const optionalText = (value: string) => (value.trim() === '' ? null : value.trim());

/** The request body of a person (POST or PUT /api/Persons, or inside a new official). */
export function personInput(values: PersonValues): PersonInput {
  return {
    name: values.name.trim(),
    surname: values.surname.trim(),
    birthDate: values.birthDate === '' ? null : values.birthDate,
    nationality: optionalText(values.nationality),
    address: optionalText(values.address),
    email: optionalText(values.email),
    phone: optionalText(values.phone),
    facebook: optionalText(values.facebook),
    youtube: optionalText(values.youtube),
    twitter: optionalText(values.twitter),
    instagram: optionalText(values.instagram),
    photo: values.photo,
    countryOfBirthId: values.countryOfBirthId,
    cityOfBirthId: values.countryOfBirthId === null ? null : values.cityOfBirthId,
  };
}

/** The form values of a stored person. */
export function personValues(person: Person): PersonValues {
  return {
    name: person.name,
    surname: person.surname,
    birthDate: person.birthDate,
    nationality: person.nationality ?? '',
    address: person.address ?? '',
    email: person.email ?? '',
    phone: person.phone ?? '',
    facebook: person.facebook ?? '',
    youtube: person.youtube ?? '',
    twitter: person.twitter ?? '',
    instagram: person.instagram ?? '',
    photo: person.photo ?? null,
    countryOfBirthId: person.countryOfBirthId ?? null,
    cityOfBirthId: person.cityOfBirthId ?? null,
  };
}

/**
 * Server field errors for a person, keyed by request-body field name; `prefix` is where the
 * person sits in the body (`person.` inside a new official).
 */
export function personServerErrors(fieldErrors: Readonly<Record<string, string[] | undefined>>, prefix = ''): PersonErrors {
  const errors: PersonErrors = {};
  for (const field of PERSON_FIELDS) {
    const messages = fieldErrors[`${prefix}${field}`];
    if (messages && messages.length > 0) errors[field] = messages.join(' ');
  }
  return errors;
}
