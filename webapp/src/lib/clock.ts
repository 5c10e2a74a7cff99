/**
 * The period clock of spec 02 §4 (`crates/domain/src/clock.rs`), as a pure state machine:
 * commands and ticks go in, the clock comes out. Nothing here keeps time: the screen's timer
 * sends `tick` once a second, and it and the commands that set the clock running carry the
 * instant (`at`, `Date.toISOString()`) that becomes `runningSince`: while Running, the instant
 * `remainingSeconds` was read, so a viewer shows `remainingSeconds` less the seconds since. The clock holds exactly what the
 * live `Clock` message carries, so it is published as is. The shared vectors in
 * `fixtures/vectors/clock/` hold both sides to the same answers; the rules the spec leaves
 * open are explained in the Rust file.
 */
import type { Schemas } from '@/api/types';

export type Clock = Schemas['Clock'];
export type ClockState = Schemas['ClockState'];
export type Period = Schemas['Period'];

/** The live `Clock` message's members and the period length (seconds) a reset starts from. */
export type PeriodClock = Clock & { segmentSeconds: number };

/** A period's length when the match gives none: 8 minutes (spec 02 §9). */
export const DEFAULT_SEGMENT_SECONDS = 480;
/** The adjustments the clock panel offers, in seconds, either way (spec 02 §9). */
export const ADJUSTMENT_STEPS: readonly number[] = [1, 10, 60];
/** The longest a period's clock can show (the live message's limit). */
export const MAX_REMAINING_SECONDS = 3600;

export const ADJUST_WHILE_RUNNING = 'Stop the clock before adjusting it.';
export const NOT_A_STEP = 'The clock is adjusted by 1, 10 or 60 seconds.';
export const NO_TIME_LEFT = "The period's time is up: adjust the clock or change the period to start it.";

/** Why the clock refused a command; the clock is then as it was. */
export type ClockRefusal = 'adjustWhileRunning' | 'notAStep' | 'noTimeLeft';

/** What the clock panel tells the secretary. */
export const REFUSAL_MESSAGES: Record<ClockRefusal, string> = {
  adjustWhileRunning: ADJUST_WHILE_RUNNING,
  notAStep: NOT_A_STEP,
  noTimeLeft: NO_TIME_LEFT,
};

/** What the clock needs to know of a saved event; `existing` marks a correction. */
export interface SavedEvent {
  typeId: Schemas['EventType'];
  isGoal?: boolean;
  exclusionTypeId?: Schemas['ExclusionType'] | null;
  existing?: boolean;
}

/** What the secretary, the event form and the timer tell the clock. */
export type ClockCommand =
  | { command: 'tick'; at: string }
  | { command: 'start'; at: string }
  | { command: 'stop' }
  | { command: 'adjust'; seconds: number }
  | { command: 'changePeriod'; period: Period }
  | { command: 'startEvent' }
  | { command: 'editEvent' }
  | { command: 'closeEventForm'; at: string }
  | { command: 'saveEvent'; event: SavedEvent; at: string };

/** When an event happened by the clock (mm:ss counting down), as events carry it. */
export interface ClockReading {
  periodId: Period;
  minute: number;
  seconds: number;
}

/** The clock after a command, and why it was refused (then it is the clock as it was). */
export interface ClockResult {
  clock: PeriodClock;
  refused: ClockRefusal | null;
}

const TIMEOUT = 700;
const SWIM_OFF = 701;
const SHOT = 705;
const EXCLUSION = 704;
const CHALLENGE = 706;
const BRUTALITY = 1002;
const PENALTY_5M = 1003;

/** A new match's clock: the first period, its full length (at most 3600 s), Stopped. */
export function newClock(segmentSeconds: number = DEFAULT_SEGMENT_SECONDS): PeriodClock {
  const segment = Math.min(segmentSeconds, MAX_REMAINING_SECONDS);
  return { period: 1200, remainingSeconds: segment, state: 'Stopped', runningSince: null, segmentSeconds: segment };
}

/** The clock of a match given its `matchSegmentLength` in minutes. */
export function clockForSegmentMinutes(minutes: number): PeriodClock {
  return newClock(minutes * 60);
}

function remainingOf(reading: ClockReading): number {
  return reading.minute * 60 + reading.seconds;
}

/**
 * The clock on load: the period and reading of the latest event of the highest period (the
 * lowest reading, since the clock counts down), Stopped. Events as the API shows them do.
 */
export function restoreClock(segmentSeconds: number, events: readonly ClockReading[]): PeriodClock {
  const clock = newClock(segmentSeconds);
  let latest: ClockReading | null = null;
  for (const event of events) {
    if (
      latest === null ||
      event.periodId > latest.periodId ||
      (event.periodId === latest.periodId && remainingOf(event) < remainingOf(latest))
    ) {
      latest = event;
    }
  }
  if (latest === null) return clock;
  return { ...clock, period: latest.periodId, remainingSeconds: Math.min(remainingOf(latest), clock.segmentSeconds) };
}

/** The clock's reading, as a new event's time. */
export function clockReading(clock: PeriodClock): ClockReading {
  return {
    periodId: clock.period,
    minute: Math.floor(clock.remainingSeconds / 60),
    seconds: clock.remainingSeconds % 60,
  };
}

/** Whether saving the event stops the clock: timeout, challenge, goal, brutality, 5m penalty. */
export function stopsClock(event: SavedEvent): boolean {
  switch (event.typeId) {
    case TIMEOUT:
    case CHALLENGE:
      return true;
    case SHOT:
      return event.isGoal === true;
    case EXCLUSION:
      return event.exclusionTypeId === BRUTALITY || event.exclusionTypeId === PENALTY_5M;
    default:
      return false;
  }
}

function set(clock: PeriodClock, state: ClockState, runningSince: string | null): PeriodClock {
  return { ...clock, state, runningSince };
}

function accepted(clock: PeriodClock): ClockResult {
  return { clock, refused: null };
}

function start(clock: PeriodClock, at: string): ClockResult {
  if (clock.state === 'Running') return accepted(clock);
  if (clock.remainingSeconds === 0) return { clock, refused: 'noTimeLeft' };
  return accepted(set(clock, 'Running', at));
}

/** Applies one command. A refused command leaves the clock as it was. */
export function applyClock(clock: PeriodClock, command: ClockCommand): ClockResult {
  switch (command.command) {
    case 'tick': {
      if (clock.state !== 'Running') return accepted(clock);
      const remainingSeconds = Math.max(clock.remainingSeconds - 1, 0);
      const ticked = { ...clock, remainingSeconds };
      return accepted(remainingSeconds === 0 ? set(ticked, 'Stopped', null) : set(ticked, 'Running', command.at));
    }
    case 'start':
      return start(clock, command.at);
    case 'stop':
      return accepted(set(clock, 'Stopped', null));
    case 'adjust': {
      if (clock.state === 'Running') return { clock, refused: 'adjustWhileRunning' };
      if (!ADJUSTMENT_STEPS.includes(Math.abs(command.seconds))) return { clock, refused: 'notAStep' };
      const remainingSeconds = Math.min(Math.max(clock.remainingSeconds + command.seconds, 0), clock.segmentSeconds);
      return accepted({ ...clock, remainingSeconds });
    }
    case 'changePeriod':
      if (command.period === clock.period || clock.state === 'Paused') return accepted(clock);
      return accepted({
        ...clock,
        period: command.period,
        remainingSeconds: clock.segmentSeconds,
        state: 'Stopped',
        runningSince: null,
      });
    case 'startEvent':
    case 'editEvent':
      return accepted(clock.state === 'Running' ? set(clock, 'Paused', null) : clock);
    case 'closeEventForm':
      return clock.state === 'Paused' ? start(clock, command.at) : accepted(clock);
    case 'saveEvent':
      if (command.event.existing === true) return accepted(clock);
      if (command.event.typeId === SWIM_OFF) return start(clock, command.at);
      return accepted(stopsClock(command.event) ? set(clock, 'Stopped', null) : clock);
  }
}

/** A clock's members as the live `Clock` message carries them (without a message's or the panel's others). */
export const liveClockOf = ({ period, remainingSeconds, state, runningSince }: Clock): Clock => ({
  period,
  remainingSeconds,
  state,
  runningSince,
});

/** The whole seconds a running clock has counted since `runningSince` at `now` (ms), and that instant. */
function counted(clock: Clock, now: number): { seconds: number; since: number } | null {
  if (clock.state !== 'Running' || clock.runningSince === null) return null;
  const since = Date.parse(clock.runningSince);
  if (Number.isNaN(since)) return null;
  // A publisher whose clock is ahead of this one gives a `runningSince` still to come: nothing counted yet.
  return { seconds: Math.max(Math.floor((now - since) / 1000), 0), since };
}

/**
 * A published clock as it reads at `now` (ms since the epoch): a Running one less the whole
 * seconds since `runningSince`, stopping at 0 as the tick does; Paused and Stopped as they are.
 * `runningSince` moves on by the seconds counted, so reading the result later gives what
 * reading the clock itself then would.
 */
export function clockAt<C extends Clock>(clock: C, now: number): C {
  const run = counted(clock, now);
  if (run === null) return clock;
  const remainingSeconds = Math.max(clock.remainingSeconds - run.seconds, 0);
  if (remainingSeconds === 0) return { ...clock, remainingSeconds, state: 'Stopped', runningSince: null };
  return { ...clock, remainingSeconds, runningSince: new Date(run.since + run.seconds * 1000).toISOString() };
}

/** How long after `now` (ms) a published clock shows its next second; null when it does not run (or ran out). */
export function msToNextSecond(clock: Clock, now: number): number | null {
  const run = counted(clock, now);
  if (run === null || run.seconds >= clock.remainingSeconds) return null;
  return run.since + (run.seconds + 1) * 1000 - now;
}

/**
 * The clock live scoring goes on with: the one restored from the events (`restoreClock`), or
 * the clock published on the hub when that is of the same period or a later one. Every change
 * of the secretary's clock is published and events take their time from it, so within a
 * period the published clock is at least as recent as the events (it also holds adjustments
 * made since, and the time it has run); an earlier period's is stale. It is taken as it reads
 * at `at`, so a running clock keeps running from where it is now.
 */
export function continuedClock(restored: PeriodClock, published: Clock | null, at: string): PeriodClock {
  if (published === null || published.period < restored.period) return restored;
  const now = clockAt(liveClockOf(published), Date.parse(at));
  return { ...restored, ...now, remainingSeconds: Math.min(now.remainingSeconds, restored.segmentSeconds) };
}
