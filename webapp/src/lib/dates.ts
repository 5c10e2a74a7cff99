/** Date display (spec 01 §9: DD.MM.YYYY., and DD.MM.YYYY. HH:mm for an instant with its time). */

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * `DD.MM.YYYY.` for a date-only value (`YYYY-MM-DD`, shown as is, without a time-zone shift) or
 * for an instant (shown in local time). Anything unreadable is returned unchanged.
 */
export function formatDate(value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const dateOnly = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (dateOnly) return `${dateOnly[3]}.${dateOnly[2]}.${dateOnly[1]}.`;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return `${pad(date.getDate())}.${pad(date.getMonth() + 1)}.${date.getFullYear()}.`;
}

/**
 * `DD.MM.YYYY. HH:mm` (24-hour clock) for an instant such as an RFC 3339 UTC time, shown in the
 * user's local time. Anything unreadable is returned unchanged.
 */
export function formatDateTime(value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return `${formatDay(date)} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** `formatDateTime` of an instant the server gives in Unix seconds (sign-ins, account activity). */
export const formatUnixDateTime = (unixSeconds: number) => formatDateTime(new Date(unixSeconds * 1000).toISOString());

/** `DD.MM.YYYY.` for a calendar day held as a local `Date` (how the date picker holds days). */
export function formatDay(day: Date): string {
  return `${pad(day.getDate())}.${pad(day.getMonth() + 1)}.${day.getFullYear()}.`;
}

/**
 * The local midnight of a day typed as `DD.MM.YYYY.` (the last dot, and leading zeros, may be
 * left out), or null when the text is not a real day.
 */
export function parseDay(text: string): Date | null {
  const match = /^\s*(\d{1,2})\.(\d{1,2})\.(\d{4})\.?\s*$/.exec(text);
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(year, month - 1, day);
  date.setFullYear(year);
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day ? date : null;
}
