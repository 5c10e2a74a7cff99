import { Classes, H4, Icon, Intent, NonIdealState, Tag } from '@blueprintjs/core';
import type { Schemas } from '@/api/types';
import { MatchTable } from '@/components/match-table/match-table';
import type { ServerColumn } from '@/components/server-table/server-table';
import { formatDateTime } from '@/lib/dates';
import {
  type Confirmation,
  confirmationOf,
  confirmationText,
  officialRoles,
  splitMatches,
} from '@/features/officials/official-matches';
import '@/features/officials/official-matches.css';

type Match = Schemas['Match'];

export const NO_MATCHES_TEXT = 'The official does not participate in any match.';
export const NO_UPCOMING_TEXT = 'No upcoming match.';
export const NO_PLAYED_TEXT = 'No match played yet.';

/**
 * A confirmation with its mark: a green tick and "Confirmed" with when below it, or a clock and
 * "Not yet" while a played match waits for it.
 */
function ConfirmationCell({ confirmation }: { confirmation: Confirmation }) {
  if (confirmation.state === 'none') return <span className={Classes.TEXT_MUTED}>{confirmationText(confirmation)}</span>;
  const confirmed = confirmation.state === 'confirmed';
  return (
    <span className="pd-confirmation" title={confirmationText(confirmation)}>
      <Icon icon={confirmed ? 'tick-circle' : 'time'} intent={confirmed ? Intent.SUCCESS : Intent.WARNING} aria-hidden />
      <span>
        {confirmed ? 'Confirmed' : 'Not yet'}
        {confirmed && confirmation.at && (
          <>
            {' '}
            <span className={`${Classes.TEXT_MUTED} pd-confirmation-at`}>{formatDateTime(confirmation.at)}</span>
          </>
        )}
      </span>
    </span>
  );
}

interface OfficialMatchesProps {
  officialId: number;
  matches: readonly Match[];
  /** Which day it is; the upcoming matches start from it. */
  now?: Date;
}

/**
 * The official's Matches tab: Upcoming (soonest first) above Played (latest first), each match
 * with the official's role in it and whether they confirmed its log.
 */
export function OfficialMatches({ officialId, matches, now = new Date() }: OfficialMatchesProps) {
  if (matches.length === 0) return <NonIdealState icon="search" description={NO_MATCHES_TEXT} className="pd-table-empty" />;
  const { upcoming, played } = splitMatches(matches, now);
  const columns: ServerColumn<Match>[] = [
    { key: 'role', title: 'Role', render: (match) => officialRoles(match, officialId) },
    {
      key: 'confirmed',
      title: 'Confirmed',
      render: (match) => <ConfirmationCell confirmation={confirmationOf(match, officialId, now)} />,
    },
  ];
  const section = (title: string, items: Match[], emptyText: string) => (
    <section className="pd-official-matches" aria-label={`${title} matches`}>
      <H4>
        {title} <Tag minimal round>{items.length}</Tag>
      </H4>
      {items.length === 0 ? (
        <p className={Classes.TEXT_MUTED}>{emptyText}</p>
      ) : (
        <MatchTable matches={items} emptyText={emptyText} logRule="allowed" extraColumns={columns} label={`${title} matches`} />
      )}
    </section>
  );
  return (
    <div>
      {section('Upcoming', upcoming, NO_UPCOMING_TEXT)}
      {section('Played', played, NO_PLAYED_TEXT)}
    </div>
  );
}
