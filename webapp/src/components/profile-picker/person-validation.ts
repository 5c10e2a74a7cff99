/** A person's form values and the person rules of spec 01 §5. */
import type { Schemas } from '@/api/types';
import type { FormErrors } from '@/lib/form-errors';
import { NAME_REQUIRED, PHONE_FORMAT, TOO_LONG, WRONG_EMAIL } from '@/lib/text-rules';

export type Person = Schemas['Person'];
export type PersonInput = Schemas['PersonInput'];

export interface PersonValues {
  name: string;
  surname: string;
  /** `YYYY-MM-DD`, or '' when not given. */
  birthDate: string;
  nationality: string;
  countryOfBirthId: number | null;
  cityOfBirthId: number | null;
  address: string;
  email: string;
  phone: string;
  facebook: string;
  youtube: string;
  twitter: string;
  instagram: string;
}

export type PersonField = keyof PersonValues;

export const SURNAME_REQUIRED = 'Surname field is required!';
export const BIRTH_DATE_REQUIRED = 'Birth date field is required!';
/** Every person text field holds 200 characters (spec 01 §5 Person). */
export const PERSON_TEXT_LIMIT = 200;

export const EMPTY_PERSON: PersonValues = {
  name: '',
  surname: '',
  birthDate: '',
  nationality: '',
  countryOfBirthId: null,
  cityOfBirthId: null,
  address: '',
  email: '',
  phone: '',
  facebook: '',
  youtube: '',
  twitter: '',
  instagram: '',
};

const TEXT_FIELDS = [
  'name',
  'surname',
  'nationality',
  'address',
  'email',
  'phone',
  'facebook',
  'youtube',
  'twitter',
  'instagram',
] as const;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE_PATTERN = /^[\d+() ]*$/;

/** A stored person as form values. */
export function personValues(person: Person): PersonValues {
  const text = (value: string | null | undefined) => value ?? '';
  return {
    name: person.name,
    surname: person.surname,
    birthDate: person.birthDate,
    nationality: text(person.nationality),
    countryOfBirthId: person.countryOfBirthId ?? null,
    cityOfBirthId: person.cityOfBirthId ?? null,
    address: text(person.address),
    email: text(person.email),
    phone: text(person.phone),
    facebook: text(person.facebook),
    youtube: text(person.youtube),
    twitter: text(person.twitter),
    instagram: text(person.instagram),
  };
}

/** The message for one field, or undefined when it is valid. */
export function validatePersonField(field: PersonField, values: PersonValues): string | undefined {
  switch (field) {
    case 'birthDate':
      return values.birthDate === '' ? BIRTH_DATE_REQUIRED : undefined;
    case 'countryOfBirthId':
    case 'cityOfBirthId':
      return undefined;
    default: {
      const value = values[field].trim();
      if (field === 'name' && value === '') return NAME_REQUIRED;
      if (field === 'surname' && value === '') return SURNAME_REQUIRED;
      if (value.length > PERSON_TEXT_LIMIT) return TOO_LONG;
      if (field === 'email' && value !== '' && !EMAIL_PATTERN.test(value)) return WRONG_EMAIL;
      if (field === 'phone' && !PHONE_PATTERN.test(value)) return PHONE_FORMAT;
      return undefined;
    }
  }
}

/** Every person message, under `prefix` (`person.` inside a coach form, '' on its own). */
export function validatePerson(values: PersonValues, prefix = ''): FormErrors {
  const errors: Record<string, string> = {};
  for (const field of [...TEXT_FIELDS, 'birthDate'] as const) {
    const message = validatePersonField(field, values);
    if (message !== undefined) errors[`${prefix}${field}`] = message;
  }
  return errors;
}

/** The request body of a person: trimmed texts, empty ones left out. `photo` keeps a stored photo. */
export function personInput(values: PersonValues, photo?: string | null): PersonInput {
  const text = (value: string) => (value.trim() === '' ? null : value.trim());
  return {
    name: values.name.trim(),
    surname: values.surname.trim(),
    birthDate: values.birthDate === '' ? null : values.birthDate,
    nationality: text(values.nationality),
    countryOfBirthId: values.countryOfBirthId,
    cityOfBirthId: values.cityOfBirthId,
    address: text(values.address),
    email: text(values.email),
    phone: text(values.phone),
    facebook: text(values.facebook),
    youtube: text(values.youtube),
    twitter: text(values.twitter),
    instagram: text(values.instagram),
    ...(photo ? { photo } : {}),
  };
}
