import { Button, ButtonGroup, Classes, Intent, Tab, Tabs, Tag } from '@blueprintjs/core';
import type { ScoringDispatch } from '@/features/live-scoring/use-scoring';
import { ADJUSTMENT_STEPS, type Period, type PeriodClock } from '@/lib/clock';
import { eventTime, PERIODS } from '@/lib/match-codes';

const STATE_INTENT = { Stopped: Intent.NONE, Paused: Intent.WARNING, Running: Intent.SUCCESS } as const;

/** The keys beside each adjustment, as the cheat sheet lists them. */
const ADJUST_KEYS: Readonly<Record<number, string>> = { [-1]: '[', 1: ']', [-10]: '{', 10: '}', [-60]: '-', 60: '=' };

/**
 * The period clock (spec 02 §4): the time left mm:ss, its state, start and stop, the ±1/10/60 s
 * adjustments (only while it does not run) and the period tabs.
 */
export function ClockPanel({ clock, dispatch }: { clock: PeriodClock; dispatch: ScoringDispatch }) {
  const running = clock.state === 'Running';
  const adjustments = [...ADJUSTMENT_STEPS].reverse().map((seconds) => -seconds).concat(ADJUSTMENT_STEPS);
  return (
    <section className="pd-clock" aria-label="Clock">
      <Tabs
        id="live-scoring-period"
        selectedTabId={clock.period}
        onChange={(period) => dispatch({ type: 'period', period: period as Period })}
      >
        {PERIODS.map((period) => (
          <Tab
            key={period.id}
            id={period.id}
            title={
              <>
                <span className="pd-period-long">{period.label}</span>
                <span className="pd-period-short" aria-hidden="true">
                  {period.short}
                </span>
              </>
            }
          />
        ))}
      </Tabs>
      <div className="pd-clock-face">
        <output className="pd-clock-time" aria-label="Time left">
          {eventTime(Math.floor(clock.remainingSeconds / 60), clock.remainingSeconds % 60)}
        </output>
        <Tag large minimal multiline intent={STATE_INTENT[clock.state]} className="pd-clock-state">
          {clock.state}
        </Tag>
      </div>
      <div className="pd-clock-controls">
        <Button
          large
          intent={running ? Intent.DANGER : Intent.SUCCESS}
          icon={running ? 'stop' : 'play'}
          text={running ? 'Stop' : 'Start'}
          title="Space"
          onClick={() => dispatch({ type: 'startStop', at: new Date().toISOString() })}
        />
        <ButtonGroup className={Classes.FIXED}>
          {adjustments.map((seconds) => (
            <Button
              key={seconds}
              text={`${seconds > 0 ? '+' : '−'}${Math.abs(seconds)} s`}
              title={ADJUST_KEYS[seconds]}
              disabled={running}
              onClick={() => dispatch({ type: 'adjust', seconds })}
            />
          ))}
        </ButtonGroup>
      </div>
    </section>
  );
}
