import './event-list.css';
import { Button, HTMLTable, Intent, NonIdealState, Tag } from '@blueprintjs/core';
import { type KeyboardEvent, memo, useEffect, useMemo, useRef } from 'react';
import { TableHead } from '@/components/data-table/table-content';
import { type DescribedEvent, describeEvent, type EventMatch } from '@/lib/match-events';
import { TableFrame } from '@/components/table-frame/table-frame';

/** A write of an event still in the outbox: waiting to be sent, or refused by the server. */
export interface EventMark {
  kind: 'create' | 'update' | 'delete';
  state: 'waiting' | 'refused';
  message: string | null;
}

/** An event of the list: `key` names it while it has no id yet; `pending` is its unsent write. */
export interface ListedEvent extends DescribedEvent {
  key: string;
  pending: EventMark | null;
}

export const NO_EVENTS_TEXT = 'No events were logged in this period.';

const WAITING: Readonly<Record<EventMark['kind'], string>> = {
  create: 'Not sent yet',
  update: 'Change not sent yet',
  delete: 'Deletion not sent yet',
};

/**
 * What a row says of its unsent write. The match screens' tags are `multiline`: a tag that may
 * cut its text short measures itself after every render, which makes the browser lay out the
 * whole page at once, a long event list included, while the secretary waits for the save.
 */
function Mark({ mark }: { mark: EventMark }) {
  if (mark.state === 'waiting') {
    return (
      <Tag minimal multiline intent={Intent.WARNING} icon="time">
        {WAITING[mark.kind]}
      </Tag>
    );
  }
  return (
    <Tag minimal multiline intent={Intent.DANGER} icon="error" className="pd-event-refused" title={mark.message ?? undefined}>
      Refused{mark.message ? `: ${mark.message}` : ''}
    </Tag>
  );
}

interface EventListProps {
  events: readonly ListedEvent[];
  /** Names the teams, players and coaches the events refer to. */
  match: EventMatch;
  /** Shows only this period's events; all of them, with a Period column, when null. */
  period: number | null;
  selectedKey: string | null;
  onSelect: (key: string) => void;
  /** Enter, a double click or the row's Edit button; no Edit without it. */
  onEdit?: (event: ListedEvent) => void;
  /** Delete, or the row's Delete button; no Delete without it. */
  onDelete?: (event: ListedEvent) => void;
  /** Sends a refused write again. */
  onRetry?: (event: ListedEvent) => void;
  /** Drops a refused write. */
  onDrop?: (event: ListedEvent) => void;
  emptyText?: string;
}

/**
 * The recorded events of a match (spec 02 §2), one row each: the time mm:ss, the team, the event
 * and who, in words, and what of it is not on the server yet. A row is selected by a click or
 * the arrow keys (Home, End too) while the list has the focus; Enter edits it and Delete deletes
 * it, as its buttons do.
 */
export function EventList({
  events,
  match,
  period,
  selectedKey,
  onSelect,
  onEdit,
  onDelete,
  onRetry,
  onDrop,
  emptyText = NO_EVENTS_TEXT,
}: EventListProps) {
  const shown = period === null ? events : events.filter((event) => event.periodId === period);
  const selectedIndex = shown.findIndex((event) => event.key === selectedKey);
  const body = useRef<HTMLTableSectionElement>(null);
  const names = useNames(match);
  // The rows call the latest handlers through one object that never changes.
  const latest = useRef({ onSelect, onEdit, onDelete, onRetry, onDrop });
  useEffect(() => {
    latest.current = { onSelect, onEdit, onDelete, onRetry, onDrop };
  });
  const handlers = useMemo<Handlers>(
    () => ({
      onSelect: (key) => latest.current.onSelect(key),
      onEdit: (event) => latest.current.onEdit?.(event),
      onDelete: (event) => latest.current.onDelete?.(event),
      onRetry: (event) => latest.current.onRetry?.(event),
      onDrop: (event) => latest.current.onDrop?.(event),
    }),
    [],
  );

  useEffect(() => {
    if (selectedKey === null) return;
    body.current?.querySelector('[aria-selected="true"]')?.scrollIntoView?.({ block: 'nearest' });
  }, [selectedKey]);

  // The outbox column shows only while some event has a write the server has not taken.
  const unsent = shown.some((event) => event.pending !== null);
  const refusals = shown.some((event) => event.pending?.state === 'refused') && (onRetry !== undefined || onDrop !== undefined);
  const [edit, remove, retry, drop] = [onEdit, onDelete, onRetry, onDrop].map((handler) => handler !== undefined) as [boolean, boolean, boolean, boolean];
  const withActions = edit || remove || refusals;
  const columns = useMemo<Columns>(
    () => ({ period: period === null, outbox: unsent, actions: withActions, edit, delete: remove, retry, drop }),
    [period, unsent, withActions, edit, remove, retry, drop],
  );

  if (shown.length === 0) return <NonIdealState icon="list" description={emptyText} className="pd-table-empty" />;
  const titles = [...(period === null ? ['Period'] : []), 'Time', 'Team', 'Event', 'Player', 'Details', ...(unsent ? ['Outbox'] : [])];

  const onKeyDown = (event: KeyboardEvent) => {
    const last = shown.length - 1;
    const moves: Record<string, number> = {
      ArrowDown: selectedIndex < 0 ? 0 : Math.min(selectedIndex + 1, last),
      ArrowUp: selectedIndex < 0 ? last : Math.max(selectedIndex - 1, 0),
      Home: 0,
      End: last,
    };
    const target = shown[moves[event.key] ?? -1];
    if (target !== undefined) {
      event.preventDefault();
      onSelect(target.key);
      return;
    }
    const selected = shown[selectedIndex];
    if (selected === undefined) return;
    if (event.key === 'Enter' && onEdit) {
      event.preventDefault();
      onEdit(selected);
    } else if ((event.key === 'Delete' || event.key === 'Backspace') && onDelete) {
      event.preventDefault();
      onDelete(selected);
    }
  };

  return (
    <div className="pd-event-list" tabIndex={0} role="group" aria-label="Events" onKeyDown={onKeyDown}>
      <TableFrame>
        <HTMLTable compact interactive className="pd-table">
          <TableHead titles={titles} actions={withActions} />
          <tbody ref={body}>
            {shown.map((event) => (
              <EventRow
                key={event.key}
                event={event}
                match={names}
                columns={columns}
                selected={event.key === selectedKey}
                handlers={handlers}
              />
            ))}
          </tbody>
        </HTMLTable>
      </TableFrame>
    </div>
  );
}

/** Which cells and buttons the rows have; one object while they stay the same, so rows can skip a render. */
interface Columns {
  period: boolean;
  outbox: boolean;
  actions: boolean;
  edit: boolean;
  delete: boolean;
  retry: boolean;
  drop: boolean;
}

type Handlers = Required<Pick<EventListProps, 'onSelect' | 'onEdit' | 'onDelete' | 'onRetry' | 'onDrop'>>;

/**
 * One row. A row redraws only when its event, the names, the columns or its selection change,
 * and then its described cells and its buttons only when theirs do: a long log stays quick to
 * add to while the secretary types (the outbox column coming and going would otherwise redraw
 * every row's buttons).
 */
const EventRow = memo(function EventRow({
  event,
  match,
  columns,
  selected,
  handlers,
}: {
  event: ListedEvent;
  match: EventMatch;
  columns: Columns;
  selected: boolean;
  handlers: Handlers;
}) {
  return (
    <tr
      aria-selected={selected}
      className={[selected ? 'pd-event-selected' : '', event.pending?.kind === 'delete' ? 'pd-event-deleting' : ''].join(' ')}
      onClick={() => handlers.onSelect(event.key)}
      onDoubleClick={columns.edit ? () => handlers.onEdit(event) : undefined}
    >
      <EventCells event={event} match={match} period={columns.period} />
      {columns.outbox && <td>{event.pending ? <Mark mark={event.pending} /> : null}</td>}
      {columns.actions && (
        <RowActions event={event} edit={columns.edit} remove={columns.delete} retry={columns.retry} drop={columns.drop} handlers={handlers} />
      )}
    </tr>
  );
});

/** The event in words: its period (when the list shows them all), time, team, type, who and details. */
const EventCells = memo(function EventCells({ event, match, period }: { event: ListedEvent; match: EventMatch; period: boolean }) {
  const row = describeEvent(event, match);
  return (
    <>
      {period && <td>{row.period}</td>}
      <td className="pd-event-time">{row.time}</td>
      <td>{row.team}</td>
      <td>{row.type}</td>
      <td>{row.player}</td>
      <td>{row.details}</td>
    </>
  );
});

const RowActions = memo(function RowActions({
  event,
  edit,
  remove,
  retry,
  drop,
  handlers,
}: {
  event: ListedEvent;
  edit: boolean;
  remove: boolean;
  retry: boolean;
  drop: boolean;
  handlers: Handlers;
}) {
  const refused = event.pending?.state === 'refused';
  return (
    <td className="pd-actions-cell">
      <div className="pd-row-actions">
        {refused && retry && <Button size="small" icon="refresh" text="Send again" onClick={() => handlers.onRetry(event)} />}
        {refused && drop && <Button size="small" icon="cross" text="Drop" onClick={() => handlers.onDrop(event)} />}
        {edit && <Button size="small" variant="minimal" icon="edit" aria-label="Edit event" onClick={() => handlers.onEdit(event)} />}
        {remove && (
          <Button size="small" variant="minimal" icon="trash" intent={Intent.DANGER} aria-label="Delete event" onClick={() => handlers.onDelete(event)} />
        )}
      </div>
    </td>
  );
});

/** The match's names as one object while they stay the same (a new score makes a new match object). */
function useNames(match: EventMatch): EventMatch {
  const { homeTeamId, awayTeamId, homeTeamDisplayName, awayTeamDisplayName, players, coaches } = match;
  return useMemo(
    () => ({ homeTeamId, awayTeamId, homeTeamDisplayName, awayTeamDisplayName, players, coaches }),
    [homeTeamId, awayTeamId, homeTeamDisplayName, awayTeamDisplayName, players, coaches],
  );
}
