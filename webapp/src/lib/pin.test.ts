import { describe, expect, it } from 'vitest';
import { validatePin, validateRequiredPin } from '@/lib/pin';

describe('the PIN rule', () => {
  it('wants exactly four digits, and says which rule failed', () => {
    expect(validatePin('0420')).toBeUndefined();
    expect(validatePin('12a4')).toBe('Only numbers are allowed!');
    expect(validatePin('1 23')).toBe('Only numbers are allowed!');
    expect(validatePin('')).toBe('Too short PIN!');
    expect(validatePin('123')).toBe('Too short PIN!');
    expect(validatePin('12345')).toBe('Too long PIN!');
  });

  it('says a PIN that must be typed is required before anything else', () => {
    expect(validateRequiredPin('')).toBe('PIN is required!');
    expect(validateRequiredPin('12a')).toBe('Only numbers are allowed!');
    expect(validateRequiredPin('1413')).toBeUndefined();
  });
});
