/** The match form's rules (spec 02 §5 "Match form") with the spec's messages. */

export interface MatchValues {
  competitionId: number | null;
  homeTeamId: number | null;
  awayTeamId: number | null;
  /** YYYY-MM-DD, or ''. */
  startDay: string;
  /** HH:mm, or ''. */
  startTime: string;
  venue: string;
  round: string;
  number: string;
  description: string;
  /** Minutes as typed. */
  matchSegmentLength: string;
}

export const MATCH_FIELDS = ['homeTeamId', 'awayTeamId', 'competitionId', 'venue', 'round', 'number', 'startDay', 'startTime', 'matchSegmentLength'] as const;
export type MatchField = (typeof MATCH_FIELDS)[number];

export const TOO_LONG = 'Too long input!';
/** Forms type times on the 24-hour clock the pages show (spec 01 §9: HH:mm). */
export const WRONG_TIME = 'Wrong time format! Use HH:mm.';
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const MAX_TEXT = 200;

export const emptyMatchValues = (): MatchValues => ({
  competitionId: null,
  homeTeamId: null,
  awayTeamId: null,
  startDay: '',
  startTime: '',
  venue: '',
  round: '',
  number: '',
  description: '',
  matchSegmentLength: '8',
});

/** The message for one field, or undefined when it is valid. */
export function checkMatchField(field: MatchField, values: MatchValues): string | undefined {
  switch (field) {
    case 'homeTeamId':
      return values.homeTeamId === null ? 'Home team field is required!' : undefined;
    case 'awayTeamId':
      return values.awayTeamId === null ? 'Away team field is required!' : undefined;
    case 'competitionId':
      return values.competitionId === null ? 'Competition field is required!' : undefined;
    case 'venue':
    case 'round':
    case 'number':
      return values[field].length > MAX_TEXT ? TOO_LONG : undefined;
    case 'startDay':
      return values.startDay === '' ? 'Start is required!' : undefined;
    case 'startTime':
      return values.startTime === '' || TIME.test(values.startTime) ? undefined : WRONG_TIME;
    case 'matchSegmentLength':
      return values.matchSegmentLength.trim() === '' ? 'Match segment length field is required!' : undefined;
  }
}

/** The start as an RFC 3339 UTC instant from the local day and time (midnight without a time). */
export function startInstant(day: string, time: string): string {
  const [year, month, date] = day.split('-').map(Number);
  const [hours, minutes] = (time || '00:00').split(':').map(Number);
  return new Date(year!, month! - 1, date!, hours ?? 0, minutes ?? 0).toISOString();
}

const pad = (value: number) => String(value).padStart(2, '0');

/** The form's values for an existing match: its start in local time. */
export function matchValuesOf(match: {
  competitionId: number;
  homeTeamId: number;
  awayTeamId: number;
  startDate: string;
  venue?: string | null;
  round?: string | null;
  number?: string | null;
  description?: string | null;
  matchSegmentLength: number;
}): MatchValues {
  const start = new Date(match.startDate);
  return {
    competitionId: match.competitionId,
    homeTeamId: match.homeTeamId,
    awayTeamId: match.awayTeamId,
    startDay: `${start.getFullYear()}-${pad(start.getMonth() + 1)}-${pad(start.getDate())}`,
    startTime: `${pad(start.getHours())}:${pad(start.getMinutes())}`,
    venue: match.venue ?? '',
    round: match.round ?? '',
    number: match.number ?? '',
    description: match.description ?? '',
    matchSegmentLength: String(match.matchSegmentLength),
  };
}

const optional = (text: string) => (text.trim() === '' ? null : text.trim());

/** The POST /api/Matches body of valid values. */
export function matchInput(values: MatchValues) {
  return {
    competitionId: values.competitionId,
    homeTeamId: values.homeTeamId,
    awayTeamId: values.awayTeamId,
    startDate: startInstant(values.startDay, values.startTime),
    venue: optional(values.venue),
    round: optional(values.round),
    number: optional(values.number),
    description: optional(values.description),
    matchSegmentLength: Number(values.matchSegmentLength),
  };
}
