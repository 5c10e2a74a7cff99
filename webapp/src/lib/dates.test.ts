import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDay, parseDay } from '@/lib/dates';

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

describe('formatDateTime', () => {
  it('shows an instant as DD.MM.YYYY. HH:mm in local time', () => {
    expect(formatDateTime(new Date(2026, 4, 1, 18, 30).toISOString())).toBe('01.05.2026. 18:30');
    expect(formatDateTime(new Date(2025, 11, 31, 7, 5).toISOString())).toBe('31.12.2025. 07:05');
    expect(formatDateTime(new Date(2025, 0, 9, 0, 0).toISOString())).toBe('09.01.2025. 00:00');
  });

  it('reads an RFC 3339 UTC time as the instant it is', () => {
    const instant = new Date(Date.UTC(2026, 2, 14, 19, 45));
    const two = (value: number) => String(value).padStart(2, '0');
    const local = `${formatDay(instant)} ${two(instant.getHours())}:${two(instant.getMinutes())}`;
    expect(formatDateTime('2026-03-14T19:45:00Z')).toBe(local);
  });

  it('leaves empty and unreadable values alone', () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime(undefined)).toBe('');
    expect(formatDateTime('')).toBe('');
    expect(formatDateTime('soon')).toBe('soon');
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
