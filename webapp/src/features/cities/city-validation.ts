/** The city form's values and its field rules (spec 01 §5 City). */
import { checkAll } from '@/lib/form-errors';

export interface CityValues {
  name: string;
  nameUniversal: string;
  countryId: number | null;
}

export type CityField = keyof CityValues;
export type CityErrors = Partial<Record<CityField, string>>;

export const CITY_FIELDS: readonly CityField[] = ['name', 'nameUniversal', 'countryId'];

export const REQUIRED_FIELD = 'Required field';
export const MAX_200 = 'Maximum 200 characters';
export const COUNTRY_REQUIRED = 'Country is required!';
const MAX_LENGTH = 200;

function requiredText(value: string): string | undefined {
  if (value.trim() === '') return REQUIRED_FIELD;
  if (value.trim().length > MAX_LENGTH) return MAX_200;
  return undefined;
}

/** The message for one field, or undefined when it is valid. */
export function validateCityField(field: CityField, values: CityValues): string | undefined {
  switch (field) {
    case 'name':
      return requiredText(values.name);
    case 'nameUniversal':
      return requiredText(values.nameUniversal);
    case 'countryId':
      return values.countryId === null ? COUNTRY_REQUIRED : undefined;
  }
}

export function validateCity(values: CityValues): CityErrors {
  return checkAll(values, CITY_FIELDS, validateCityField);
}
