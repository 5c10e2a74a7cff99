/** An official's PIN (spec 01 §5 PIN, spec 02 §5 Confirm match log): exactly four digits. */

export const PIN_REQUIRED = 'PIN is required!';
export const PIN_DIGITS = 'Only numbers are allowed!';
export const PIN_TOO_SHORT = 'Too short PIN!';
export const PIN_TOO_LONG = 'Too long PIN!';
export const PIN_LENGTH = 4;

/** The PIN's message, or undefined for exactly four digits. */
export function validatePin(pin: string): string | undefined {
  if (!/^[0-9]*$/.test(pin)) return PIN_DIGITS;
  if (pin.length < PIN_LENGTH) return PIN_TOO_SHORT;
  if (pin.length > PIN_LENGTH) return PIN_TOO_LONG;
  return undefined;
}

/** The message of a PIN that must be typed (confirming a match log), or undefined. */
export const validateRequiredPin = (pin: string): string | undefined => (pin === '' ? PIN_REQUIRED : validatePin(pin));
