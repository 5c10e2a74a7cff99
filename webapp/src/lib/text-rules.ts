/**
 * The text rules the registry forms share (spec 01 §5): required names, the 200 and 100
 * character limits, the phone pattern, the email format and the active period, with the same
 * limits, order and messages as the server's checks. These show them while typing.
 */

export const NAME_REQUIRED = 'Name field is required!';
export const UNIVERSAL_NAME_REQUIRED = 'Universal name field is required!';
export const TOO_LONG = 'Too long input!';
export const PHONE_FORMAT = 'Only numbers and plus sign are allowed!';
export const WRONG_EMAIL = 'Wrong e-mail format!';
export const ACTIVE_ORDER = 'Active to must not be before active from.';
export const COUNTRY_REQUIRED = 'Country field is required!';

/** Most texts hold 200 characters; contact and social fields 100 (spec 01 §5). */
export const TEXT_LIMIT = 200;
export const CONTACT_LIMIT = 100;

export interface TextRule {
  max: number;
  required?: string;
  kind?: 'phone' | 'email';
}

/** The text fields the federation, club, team and competition forms have, by their request-body names. */
export const COMMON_TEXT_RULES = {
  name: { max: TEXT_LIMIT, required: NAME_REQUIRED },
  nameUniversal: { max: TEXT_LIMIT, required: UNIVERSAL_NAME_REQUIRED },
  shortName: { max: TEXT_LIMIT },
  description: { max: TEXT_LIMIT },
  venue: { max: TEXT_LIMIT },
  address: { max: TEXT_LIMIT },
  phone: { max: CONTACT_LIMIT, kind: 'phone' },
  web: { max: CONTACT_LIMIT },
  email: { max: CONTACT_LIMIT, kind: 'email' },
  facebook: { max: CONTACT_LIMIT },
  twitter: { max: CONTACT_LIMIT },
  youtube: { max: CONTACT_LIMIT },
  instagram: { max: CONTACT_LIMIT },
} as const satisfies Record<string, TextRule>;

const PHONE_PATTERN = /^[0-9+() ]*$/;

/** One local part, one `@`, a dotted domain, no spaces: the server's check. */
export function isValidEmail(email: string): boolean {
  const at = email.indexOf('@');
  if (at <= 0 || email.indexOf('@', at + 1) !== -1 || /\s/.test(email)) return false;
  const parts = email.slice(at + 1).split('.');
  return parts.length >= 2 && parts.every((part) => part !== '');
}

/** The message for a text under `rule`, or undefined when it is fine. */
export function checkText(value: string, rule: TextRule): string | undefined {
  const text = value.trim();
  if (text === '') return rule.required;
  if ([...text].length > rule.max) return TOO_LONG;
  if (rule.kind === 'phone' && !PHONE_PATTERN.test(text)) return PHONE_FORMAT;
  if (rule.kind === 'email' && !isValidEmail(text)) return WRONG_EMAIL;
  return undefined;
}

/** An active period may be open at either end but must not end before it starts. */
export function checkPeriod(activeFrom: string, activeTo: string): string | undefined {
  return activeFrom !== '' && activeTo !== '' && activeTo < activeFrom ? ACTIVE_ORDER : undefined;
}

/** A trimmed text, or null when blank, as the server stores optional texts. */
export function optionalText(value: string): string | null {
  const text = value.trim();
  return text === '' ? null : text;
}
