import { describe, expect, it } from 'vitest';
import { formatDate } from '@/lib/dates';

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
