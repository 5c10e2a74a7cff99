import { describe, expect, it } from 'vitest';
import { formatDate, formatDay, parseDay } from '@/lib/dates';

describe('formatDate', () => {
  it('shows a date-only value as DD.MM.YYYY. without shifting it', () => {
    expect(formatDate('1994-03-07')).toBe('07.03.1994.');
    expect(formatDate('2001-12-31')).toBe('31.12.2001.');
  });

  it('shows an instant in local time', () => {
    const instant = new Date(2026, 4, 1, 18, 30).toISOString();
    expect(formatDate(instant)).toBe('01.05.2026.');
  });

  it('leaves empty and unreadable values alone', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('soon')).toBe('soon');
  });
});

describe('formatDay and parseDay', () => {
  it('show and read a calendar day as DD.MM.YYYY.', () => {
    expect(formatDay(new Date(1994, 2, 7))).toBe('07.03.1994.');
    expect(parseDay('07.03.1994.')).toEqual(new Date(1994, 2, 7));
    expect(parseDay('7.3.1994')).toEqual(new Date(1994, 2, 7));
    expect(formatDay(parseDay('31.12.2001.') as Date)).toBe('31.12.2001.');
  });

  it('refuses days that do not exist and other texts', () => {
    expect(parseDay('29.02.2023.')).toBeNull();
    expect(parseDay('32.01.2023.')).toBeNull();
    expect(parseDay('2023-01-05')).toBeNull();
    expect(parseDay('')).toBeNull();
  });
});
