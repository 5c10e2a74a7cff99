import { describe, expect, it } from 'vitest';
import { checkPeriod, checkText, COMMON_TEXT_RULES, isValidEmail, optionalText } from '@/lib/text-rules';

describe('the shared text rules', () => {
  it('requires names and limits most texts to 200 and contact fields to 100 characters', () => {
    expect(checkText('  ', COMMON_TEXT_RULES.name)).toBe('Name field is required!');
    expect(checkText('', COMMON_TEXT_RULES.nameUniversal)).toBe('Universal name field is required!');
    expect(checkText('a'.repeat(200), COMMON_TEXT_RULES.name)).toBeUndefined();
    expect(checkText('a'.repeat(201), COMMON_TEXT_RULES.venue)).toBe('Too long input!');
    expect(checkText('a'.repeat(100), COMMON_TEXT_RULES.youtube)).toBeUndefined();
    expect(checkText('a'.repeat(101), COMMON_TEXT_RULES.youtube)).toBe('Too long input!');
    expect(checkText('', COMMON_TEXT_RULES.shortName)).toBeUndefined();
    // Characters, not UTF-16 units: 200 accented letters are fine.
    expect(checkText('š'.repeat(200), COMMON_TEXT_RULES.name)).toBeUndefined();
  });

  it('takes digits, plus, parentheses and spaces in a phone', () => {
    expect(checkText('+381 (11) 123-45', COMMON_TEXT_RULES.phone)).toBe('Only numbers and plus sign are allowed!');
    expect(checkText('+381 (11) 12345', COMMON_TEXT_RULES.phone)).toBeUndefined();
    expect(checkText('1'.repeat(101), COMMON_TEXT_RULES.phone)).toBe('Too long input!');
  });

  it('checks an email the way the server does', () => {
    expect(isValidEmail('office@vkpartizan.rs')).toBe(true);
    expect(isValidEmail('vk@partizan')).toBe(false);
    expect(isValidEmail('@partizan.rs')).toBe(false);
    expect(isValidEmail('a b@partizan.rs')).toBe(false);
    expect(isValidEmail('a@b@partizan.rs')).toBe(false);
    expect(isValidEmail('a@partizan..rs')).toBe(false);
    expect(checkText('vk@partizan', COMMON_TEXT_RULES.email)).toBe('Wrong e-mail format!');
  });

  it('refuses a period ending before it starts, and blank texts become null', () => {
    expect(checkPeriod('2024-09-01', '2024-08-31')).toBe('Active to must not be before active from.');
    expect(checkPeriod('2024-09-01', '2024-09-01')).toBeUndefined();
    expect(checkPeriod('', '2024-08-31')).toBeUndefined();
    expect(optionalText('  ')).toBeNull();
    expect(optionalText(' PAR ')).toBe('PAR');
  });
});
