/** The club and team rows of the coach and player forms, and their rules (spec 01 §5). */
import type { FormErrors } from '@/lib/form-errors';

export const CLUB_REQUIRED = 'Club field is required!';
export const TEAM_REQUIRED = 'Team field is required!';
export const CLUB_OR_TEAM_REQUIRED = 'Club or Team field is required.';
export const ACTIVE_ORDER = 'Active to must not be before active from.';
/** The server reports "at least one club or team" under the club list. */
export const CLUB_OR_TEAM_PATH = 'clubs';

/** A pending club membership. Dates are `YYYY-MM-DD` or ''. */
export interface ClubRow {
  clubId: number | null;
  activeFrom: string;
  activeTo: string;
}

export const EMPTY_CLUB_ROW: ClubRow = { clubId: null, activeFrom: '', activeTo: '' };

/** A field's error path inside a row: `clubs[0].clubId`, or just `clubId` in a form of one row (path ''). */
export const fieldPath = (path: string, field: string) => (path === '' ? field : `${path}.${field}`);

/** Dates are compared as `YYYY-MM-DD` text, which orders like the dates. */
export function periodErrors(row: { activeFrom: string; activeTo: string }, path: string): FormErrors {
  return row.activeFrom !== '' && row.activeTo !== '' && row.activeTo < row.activeFrom
    ? { [fieldPath(path, 'activeTo')]: ACTIVE_ORDER }
    : {};
}

export function clubRowErrors(row: ClubRow, path: string): FormErrors {
  return { ...(row.clubId === null ? { [fieldPath(path, 'clubId')]: CLUB_REQUIRED } : {}), ...periodErrors(row, path) };
}

/** Each row's messages under `clubs[i]` and `teams[i]`, and the "at least one" rule. */
export function membershipErrors<T>(
  clubs: readonly ClubRow[],
  teams: readonly T[],
  teamRowErrors: (row: T, path: string) => FormErrors,
): FormErrors {
  let errors: Record<string, string> = {};
  if (clubs.length === 0 && teams.length === 0) errors[CLUB_OR_TEAM_PATH] = CLUB_OR_TEAM_REQUIRED;
  clubs.forEach((row, index) => {
    errors = { ...errors, ...clubRowErrors(row, `clubs[${index}]`) };
  });
  teams.forEach((row, index) => {
    errors = { ...errors, ...teamRowErrors(row, `teams[${index}]`) };
  });
  return errors;
}

const dateOrNull = (value: string) => (value === '' ? null : value);

/** The period of a row as the API takes it. */
export const periodInput = (row: { activeFrom: string; activeTo: string }) => ({
  activeFrom: dateOrNull(row.activeFrom),
  activeTo: dateOrNull(row.activeTo),
});

export const clubRowInput = (row: ClubRow) => ({ clubId: row.clubId, ...periodInput(row) });

/** The ids chosen in the other rows: taken, so disabled in this row's picker. */
export function takenIds<R>(rows: readonly R[], index: number, id: (row: R) => number | null): number[] {
  return rows.flatMap((row, other) => {
    const value = id(row);
    return other !== index && value !== null ? [value] : [];
  });
}

/** The choices no row has taken yet; none while they load. */
export function untaken<C extends { id: number }, R>(choices: readonly C[] | null, rows: readonly R[], id: (row: R) => number | null): C[] {
  const taken = takenIds(rows, -1, id);
  return (choices ?? []).filter((choice) => !taken.includes(choice.id));
}
