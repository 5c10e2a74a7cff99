/**
 * The code lists of spec 02 §9 that the match screens show: statuses, periods, event types and
 * their sub-types, official and coach roles, positions. Names are shown with underscores as
 * spaces, except where the spec gives another label.
 */
import type { Schemas } from '@/api/types';

export type MatchStatus = Schemas['MatchStatus'];
export type Period = Schemas['Period'];
export type EventType = Schemas['EventType'];
export type OfficialRole = Schemas['OfficialRole'];
export type CoachRole = Schemas['CoachRole'];

/** A code's name as people read it: `Not_Started` shows as `Not Started`. */
export const codeLabel = (name: string) => name.replaceAll('_', ' ');

export const MATCH_STATUSES: readonly { id: MatchStatus; name: string }[] = [
  { id: 200, name: 'Not_Started' },
  { id: 201, name: 'First_Period' },
  { id: 202, name: 'Second_Period' },
  { id: 203, name: 'Third_Period' },
  { id: 204, name: 'Fourth_Period' },
  { id: 205, name: 'Overtime' },
  { id: 206, name: 'Finished' },
  { id: 207, name: 'Cancelled' },
];

/** The period labels of spec 02 §9, in play order. */
/** The periods with their labels, and the short ones where a phone has no room (Q1 to Q4, OT). */
export const PERIODS: readonly { id: Period; label: string; short: string }[] = [
  { id: 1200, label: '1st Period', short: 'Q1' },
  { id: 1201, label: '2nd Period', short: 'Q2' },
  { id: 1202, label: '3rd Period', short: 'Q3' },
  { id: 1203, label: '4th Period', short: 'Q4' },
  { id: 1204, label: 'Overtime', short: 'OT' },
];

export const periodLabel = (id: number) => PERIODS.find((period) => period.id === id)?.label ?? String(id);

export const shortPeriod = (id: number) => PERIODS.find((period) => period.id === id)?.short ?? '';

const EVENT_TYPES: Readonly<Record<EventType, string>> = {
  700: 'Timeout',
  701: 'Swim-off',
  702: 'Card',
  703: 'Turnover',
  704: 'Exclusion',
  705: 'Shot',
  706: 'Challenge',
};

export const eventTypeLabel = (id: number) => EVENT_TYPES[id as EventType] ?? String(id);

export const CARD_TYPES: Readonly<Record<number, string>> = { 800: 'Yellow', 801: 'Red' };
export const TURNOVER_TYPES: Readonly<Record<number, string>> = {
  900: 'Lost ball',
  901: 'Offensive foul',
  902: 'Ball under',
  903: 'Clock expired',
};
export const EXCLUSION_TYPES: Readonly<Record<number, string>> = {
  1000: 'Exclusion',
  1001: 'Suspension',
  1002: 'Brutality',
  1003: 'Penalty (5m)',
};
export const SHOT_TYPES: Readonly<Record<number, string>> = {
  1100: 'Regular attack',
  1101: 'Penalty',
  1102: 'Power play',
  1103: 'Penalty shootout',
};

const OFFICIAL_ROLES: Readonly<Record<OfficialRole, string>> = {
  600: 'Referee',
  601: 'Delegate',
  602: 'Secretary',
  603: 'Timekeeper',
  604: 'Director',
  605: 'Goal_Referee',
  606: 'VAR',
};

export const officialRoleLabel = (id: number) => codeLabel(OFFICIAL_ROLES[id as OfficialRole] ?? String(id));

/** The official roles as choices, Referee (600) to VAR (606). */
export const OFFICIAL_ROLE_CHOICES: readonly { id: OfficialRole; name: string }[] = Object.entries(OFFICIAL_ROLES).map(([id, name]) => ({
  id: Number(id) as OfficialRole,
  name: codeLabel(name),
}));

const COACH_ROLES: Readonly<Record<CoachRole, string>> = { 500: 'Head_Coach', 501: 'Assistant_Coach' };

export const coachRoleLabel = (id: number) => codeLabel(COACH_ROLES[id as CoachRole] ?? String(id));

/** Lineup slots per team (spec 02 §9); slots 1 and 13 are the goalkeepers'. */
export const LINEUP_SLOTS = 16;
export const KEEPER_SLOTS: readonly number[] = [1, 13];

/** `mm:ss` (spec 02 §9 event times). */
export const eventTime = (minute: number, seconds: number) =>
  `${String(minute).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
