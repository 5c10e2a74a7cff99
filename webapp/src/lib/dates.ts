/** Date display (spec 01 §9: DD.MM.YYYY.). */

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
