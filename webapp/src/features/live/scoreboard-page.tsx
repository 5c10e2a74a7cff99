import './scoreboard.css';
import { Button } from '@blueprintjs/core';
import { type CSSProperties, useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { clockKey, useShownClock } from '@/components/live-clock/live-clock';
import { timeoutsLeft } from '@/features/live/live-match';
import { Crest, clockText, LIVE, NotAvailable, RECONNECTING } from '@/features/live/live-parts';
import { type LiveClock, matchTitle, phaseOf, stateText, statusPeriod } from '@/features/live/live-scores';
import { shortPeriod } from '@/lib/match-codes';
import { TimeoutDots } from '@/features/live/match-sections';
import { matchResult, shootoutText } from '@/lib/match-result';
import { useHubStatus, useLiveMatch } from '@/features/live/use-live';
import { useDocumentTitle } from '@/lib/document-title';

/** The fullscreen toggle hides this long after the pointer last moved. */
const CONTROLS_MS = 3000;

function ClockFace({ clock }: { clock: LiveClock }) {
  const shown = useShownClock(clock);
  return (
    <>
      <div className="pd-board-period">{shortPeriod(shown.period)}</div>
      <div className={`pd-board-clock ${shown.state === 'Running' ? 'pd-board-running' : ''}`} role="timer" aria-label="Match clock">
        {clockText(shown)}
      </div>
    </>
  );
}

/** The toggle shows while the pointer moves over the board and hides itself after. */
/** A team's name, its longest word's length handed to the style that sizes it (scoreboard.css). */
function TeamName({ name }: { name: string }) {
  const longest = Math.max(6, ...name.split(/\s+/).map((word) => word.length));
  return (
    <div className="pd-board-name-box">
      <div className="pd-board-name" style={{ '--name-chars': longest } as CSSProperties}>
        {name}
      </div>
    </div>
  );
}

function useControlsShown(): boolean {
  const [shown, setShown] = useState(true);
  useEffect(() => {
    let timer = setTimeout(() => setShown(false), CONTROLS_MS);
    const moved = () => {
      setShown(true);
      clearTimeout(timer);
      timer = setTimeout(() => setShown(false), CONTROLS_MS);
    };
    window.addEventListener('pointermove', moved);
    window.addEventListener('keydown', moved);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('pointermove', moved);
      window.removeEventListener('keydown', moved);
    };
  }, []);
  return shown;
}

function toggleFullscreen() {
  if (document.fullscreenElement) void document.exitFullscreen();
  else void document.documentElement.requestFullscreen?.();
}

/**
 * /live/:matchId/scoreboard, for a screen or projector at the pool: the teams, the score, the
 * period and the clock the secretary publishes (ticking from `runningSince`), the timeouts left,
 * big enough to read from the stands; no controls but a fullscreen toggle that hides itself.
 */
export default function ScoreboardPage() {
  const { matchId } = useParams();
  const { status, match, events, clock } = useLiveMatch(Number(matchId), { withStats: false });
  const online = useHubStatus() === 'online';
  const controls = useControlsShown();

  useDocumentTitle(match ? `Scoreboard · ${matchTitle(match)}` : null);

  if (status === 'missing') return <NotAvailable />;
  const begun = Boolean(clock) || events.length > 0;
  const phase = match ? phaseOf(match, begun) : null;
  const left = match ? timeoutsLeft(match, events) : null;
  const period = match ? statusPeriod(match.statusId) : null;
  // After a shootout the big score stays the regular time's; the shootout shows apart.
  const { score, shootout } = match ? matchResult(match) : { score: [0, 0] as const, shootout: null };
  return (
    <div className="pd-board" aria-label="Scoreboard">
      {(phase === 'upcoming' || phase === 'live') && (
        <span role="status" aria-label="Connection" className={`pd-board-hub ${online ? 'pd-board-online' : ''}`}>
          {online ? LIVE : RECONNECTING}
        </span>
      )}
      <Button
        className={`pd-board-fullscreen ${controls ? '' : 'pd-board-hidden'}`}
        icon="fullscreen"
        variant="minimal"
        aria-label="Full screen"
        onClick={toggleFullscreen}
      />
      {match && left && (
        <>
          <div className="pd-board-team pd-board-home">
            <Crest teamId={match.homeTeamId} name={match.homeTeamDisplayName} className="pd-board-crest" />
            <TeamName name={match.homeTeamDisplayName} />
            <TimeoutDots left={left.home} team={match.homeTeamDisplayName} />
          </div>
          <div className="pd-board-centre">
            <div className="pd-board-score" aria-label="Score">
              {score[0]}
              <span className="pd-board-colon">:</span>
              {score[1]}
            </div>
            {phase === 'live' && clock && <ClockFace key={clockKey(clock)} clock={clock} />}
            {phase === 'live' && !clock && <div className="pd-board-period">{period === null ? '' : shortPeriod(period)}</div>}
            {phase === 'live' && shootout && <div className="pd-board-period">{shootoutText(shootout)}</div>}
            {phase === 'upcoming' && <div className="pd-board-period">Starts {stateText(match)}</div>}
            {phase !== 'live' && phase !== 'upcoming' && <div className="pd-board-period">{stateText(match)}</div>}
          </div>
          <div className="pd-board-team pd-board-away">
            <Crest teamId={match.awayTeamId} name={match.awayTeamDisplayName} className="pd-board-crest" />
            <TeamName name={match.awayTeamDisplayName} />
            <TimeoutDots left={left.away} team={match.awayTeamDisplayName} />
          </div>
        </>
      )}
    </div>
  );
}
