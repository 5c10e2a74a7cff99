/** The small pieces every page for visitors draws: a team's crest, the live clock, the hub's status. */
import './live-parts.css';
import { Intent, NonIdealState, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { clockKey, useShownClock } from '@/components/live-clock/live-clock';
import { eventTime, shortPeriod } from '@/lib/match-codes';
import { type LiveClock, statusPeriod } from '@/features/live/live-scores';
import { crestUrl } from '@/features/live/public-api';
import { NOT_AVAILABLE, useHubStatus } from '@/features/live/use-live';
import { pageTitle, useDocumentTitle } from '@/lib/document-title';

/** Up to two initials of a team's name: "Partizan Seniori" → "PS". */
export const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter((word) => /^\p{L}/u.test(word))
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');

/** The team's crest, or its initials in a circle when it has none. */
export function Crest({ teamId, name, className = '' }: { teamId: number; name: string; className?: string }) {
  const [failed, setFailed] = useState<number | null>(null);
  if (failed === teamId) {
    return (
      <span className={`pd-crest pd-crest-none ${className}`} role="img" aria-label={`${name} crest`}>
        <span aria-hidden>{initials(name)}</span>
      </span>
    );
  }
  return <img className={`pd-crest ${className}`} src={crestUrl(teamId)} alt={`${name} crest`} onError={() => setFailed(teamId)} />;
}

/** `mm:ss` of a clock. */
export const clockText = (clock: LiveClock) => eventTime(Math.floor(clock.remainingSeconds / 60), clock.remainingSeconds % 60);

function Ticking({ clock }: { clock: LiveClock }) {
  const shown = useShownClock(clock);
  return (
    <span role="timer" aria-label="Match clock" className={`pd-live-time ${shown.state === 'Running' ? 'pd-live-running' : ''}`}>
      {shortPeriod(shown.period)} {clockText(shown)}
    </span>
  );
}

/** The period and the running clock of a match in progress ("Q2 05:23"); the period by its status until a clock is published. */
export function PeriodClock({ clock, statusId }: { clock: LiveClock | null | undefined; statusId: number }) {
  if (clock) return <Ticking key={clockKey(clock)} clock={clock} />;
  const period = statusPeriod(statusId);
  return <span className="pd-live-time">{period === null ? '' : shortPeriod(period)}</span>;
}

export const LIVE = 'Live';
export const RECONNECTING = 'Reconnecting…';

/** "Live" while the hub is connected, "Reconnecting…" while it is not. */
export function HubIndicator() {
  const status = useHubStatus();
  const online = status === 'online';
  return (
    <span role="status" aria-label="Connection" className="pd-hub-indicator">
      <Tag round minimal={!online} intent={online ? Intent.SUCCESS : Intent.WARNING} icon={online ? 'feed' : 'refresh'}>
        {online ? LIVE : RECONNECTING}
      </Tag>
    </span>
  );
}

/** A friendly page for a match that does not exist or is not public. */
export function NotAvailable() {
  useDocumentTitle(pageTitle('Match not available'));
  return <NonIdealState icon="eye-off" title={NOT_AVAILABLE} action={<Link to="/live">See today's matches</Link>} />;
}
