/**
 * The team comparison of the match report: home and away side by side, a row per figure, each
 * with the numbers the two-sided bar is drawn from. The figures come from the teams' `Stats` of
 * the match (crates/domain/src/stats.rs says what each counts); timeouts from the match's events.
 */
import type { Schemas } from '@/api/types';

type Stats = Schemas['Stats'];
type ShotCount = Schemas['ShotCount'];
type MatchEvent = Schemas['EventView'];

/** One figure of one team: as shown, and the number its side of the bar stands for. */
export interface Figure {
  text: string;
  value: number;
}

export interface ComparisonRow {
  label: string;
  /** What the figure counts, for a tooltip. */
  help: string;
  /** The group the row stands under ("Goals by action"), if any. */
  group?: string;
  home: Figure;
  away: Figure;
}

/** A share as a whole percentage, e.g. 3 of 7 as "43%"; "–" when there is nothing to share. */
export const percent = (part: number, whole: number) => (whole === 0 ? '–' : `${Math.round((part / whole) * 100)}%`);

/** `part/whole (percent)`, e.g. "3/7 (43%)", its bar standing for the share. */
export const rate = (part: number, whole: number): Figure => ({
  text: `${part}/${whole} (${percent(part, whole)})`,
  value: whole === 0 ? 0 : part / whole,
});

const count = (value: number): Figure => ({ text: String(value), value });

/** Goals of shots, e.g. "3/5", the bar standing for the goals. */
const goalsOf = (shots: ShotCount): Figure => ({ text: `${shots.goals}/${shots.shots}`, value: shots.goals });

/**
 * The exclusions drawn that gave the team a player more: all it drew but penalty fouls (1003),
 * which give a penalty throw instead.
 */
export const powerPlayChances = (stats: Stats) => stats.exclusions.drawnTotal - stats.exclusions.drawnByType.penalty;

/** The timeouts each team called, from the match's events. */
export function timeouts(events: readonly MatchEvent[], homeTeamId: number, awayTeamId: number): { home: number; away: number } {
  const called = (teamId: number) => events.filter((event) => event.timeout?.teamId === teamId).length;
  return { home: called(homeTeamId), away: called(awayTeamId) };
}

interface RowSpec {
  label: string;
  help: string;
  group?: string;
  figure: (stats: Stats) => Figure;
  /** Whether the row shows for these two teams (shootout goals only after a shootout). */
  shown?: (home: Stats, away: Stats) => boolean;
}

const GOALS_BY_ACTION = 'Goals by action';

const ROWS: readonly RowSpec[] = [
  { label: 'Shots', help: 'Shots taken', figure: (s) => count(s.shots.totalShots) },
  { label: 'Goals / shots', help: 'Goals of the shots taken', figure: (s) => rate(s.shots.goals, s.shots.totalShots) },
  { label: 'Regular attack', help: 'Goals / shots in a regular attack', group: GOALS_BY_ACTION, figure: (s) => goalsOf(s.shots.byAction.regularAttack) },
  { label: 'Power play', help: 'Goals / shots with a player more', group: GOALS_BY_ACTION, figure: (s) => goalsOf(s.shots.byAction.powerPlay) },
  { label: 'Penalty', help: 'Goals / shots from a 5 m penalty', group: GOALS_BY_ACTION, figure: (s) => goalsOf(s.shots.byAction.penalty) },
  {
    label: 'Shootout',
    help: 'Goals / shots in the penalty shootout',
    group: GOALS_BY_ACTION,
    figure: (s) => goalsOf(s.shots.byAction.penaltyShootout),
    shown: (home, away) => home.shots.byAction.penaltyShootout.shots + away.shots.byAction.penaltyShootout.shots > 0,
  },
  { label: 'Fast break', help: 'Goals / shots on a fast break', group: GOALS_BY_ACTION, figure: (s) => goalsOf(s.shots.fastBreak) },
  { label: 'Direct from foul', help: 'Goals / shots directly from a foul', group: GOALS_BY_ACTION, figure: (s) => goalsOf(s.shots.directFromFoul) },
  {
    label: 'Power-play conversion',
    help: 'Power-play goals / exclusions drawn (penalty fouls left out)',
    figure: (s) => rate(s.shots.byAction.powerPlay.goals, powerPlayChances(s)),
  },
  { label: 'Exclusions drawn', help: "The other team's exclusions", figure: (s) => count(s.exclusions.drawnTotal) },
  { label: 'Exclusions committed', help: "The team's exclusions, its coaches' included", figure: (s) => count(s.exclusions.total) },
  { label: 'Saves', help: "The other team's shots the goalkeepers saved", figure: (s) => count(s.shots.saves) },
  { label: 'Blocks', help: "The other team's shots blocked", figure: (s) => count(s.shots.blocks) },
  { label: 'Turnovers', help: 'Possession lost without a shot', figure: (s) => count(s.turnovers.lost) },
  { label: 'Swim-offs won', help: 'Swim-offs at the start of a period won', figure: (s) => count(s.swimoffs.totalWins) },
];

/** The rows of the comparison: the figures of both teams' stats, then the timeouts. */
export function teamComparison(home: Stats, away: Stats, calls: { home: number; away: number }): ComparisonRow[] {
  const rows = ROWS.filter((row) => row.shown?.(home, away) ?? true).map(({ label, help, group, figure }) => ({
    label,
    help,
    ...(group ? { group } : {}),
    home: figure(home),
    away: figure(away),
  }));
  return [...rows, { label: 'Timeouts', help: 'Timeouts called', home: count(calls.home), away: count(calls.away) }];
}

/**
 * How much of the bar each side fills, 0..1: its share of the two values together; nothing when
 * both are 0.
 */
export function barShares(row: Pick<ComparisonRow, 'home' | 'away'>): { home: number; away: number } {
  const sum = row.home.value + row.away.value;
  return sum === 0 ? { home: 0, away: 0 } : { home: row.home.value / sum, away: row.away.value / sum };
}
