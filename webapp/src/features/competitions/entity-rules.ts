/**
 * The field rules that federations and competitions share (spec 01 §5): required names, the
 * 200 and 100 character limits, the phone pattern and the email format. The server checks the
 * same rules with the same messages; these show them while typing.
 */

export const NAME_REQUIRED = 'Name field is required!';
export const UNIVERSAL_NAME_REQUIRED = 'Universal name field is required!';
export const TOO_LONG = 'Too long input!';
export const PHONE_FORMAT = 'Only numbers and plus sign are allowed!';
export const WRONG_EMAIL = 'Wrong e-mail format!';
export const COUNTRY_REQUIRED = 'Country field is required!';

/** Most text fields hold 200 characters; contact and social fields 100. */
export const TEXT_LIMIT = 200;
export const CONTACT_LIMIT = 100;

/** A text field: the required message when empty (if it is required), the limit otherwise. */
export function checkText(value: string, max: number, required?: string): string | undefined {
  const text = value.trim();
  if (text === '') return required;
  return [...text].length > max ? TOO_LONG : undefined;
}

/** Digits, parentheses, plus and spaces (the server's rule). */
export function checkPhone(value: string, max = CONTACT_LIMIT): string | undefined {
  const text = value.trim();
  if (text === '') return undefined;
  if (!/^[0-9+() ]+$/.test(text)) return PHONE_FORMAT;
  return [...text].length > max ? TOO_LONG : undefined;
}

/** One `@`, a local part, a dotted domain, no spaces (the server's rule). */
export function isValidEmail(email: string): boolean {
  const at = email.indexOf('@');
  if (at <= 0 || email.indexOf('@', at + 1) !== -1 || /\s/.test(email)) return false;
  const parts = email.slice(at + 1).split('.');
  return parts.length >= 2 && parts.every((part) => part !== '');
}

export function checkEmail(value: string, max = CONTACT_LIMIT): string | undefined {
  const text = value.trim();
  if (text === '') return undefined;
  if ([...text].length > max) return TOO_LONG;
  return isValidEmail(text) ? undefined : WRONG_EMAIL;
}

/** A trimmed text, or null when empty (what the API takes for an absent optional field). */
export const optionalText = (value: string): string | null => (value.trim() === '' ? null : value.trim());
