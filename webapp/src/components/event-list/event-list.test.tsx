import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { EventList, type ListedEvent, NO_EVENTS_TEXT } from '@/components/event-list/event-list';
import { matchDetailOf } from '@/test/fixtures/matches';

const match = matchDetailOf();

const logged = (key: string, overrides: Partial<ListedEvent>): ListedEvent => ({
  key,
  pending: null,
  matchId: 900,
  typeId: 700,
  periodId: 1200,
  minute: 7,
  seconds: 0,
  ...overrides,
});

const events: ListedEvent[] = [
  logged('goal', { typeId: 705, minute: 6, seconds: 5, shot: { teamId: 31, typeId: 1102, takenById: 507, assistedById: 501, isGoal: true } }),
  logged('card', { typeId: 702, minute: 4, seconds: 30, card: { teamId: 32, typeId: 800, cardedPlayerId: 605 } }),
  logged('timeout', { typeId: 700, minute: 2, seconds: 9, timeout: { teamId: 32 }, pending: { kind: 'create', state: 'waiting', message: null } }),
  logged('turnover', {
    typeId: 703,
    periodId: 1201,
    minute: 1,
    seconds: 0,
    turnover: { teamId: 31, typeId: 901, lostPossesionPlayerId: 507, wonPossesionPlayerId: 605 },
    pending: { kind: 'update', state: 'refused', message: 'This player is excluded.' },
  }),
];

const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);

function renderList(props: Partial<Parameters<typeof EventList>[0]> = {}) {
  const handlers = { onSelect: vi.fn(), onEdit: vi.fn(), onDelete: vi.fn(), onRetry: vi.fn(), onDrop: vi.fn() };
  const view = render(<EventList events={events} match={match} period={1200} selectedKey={null} {...handlers} {...props} />);
  return { ...handlers, ...view };
}

describe('EventList', () => {
  it("shows a period's events with time mm:ss, team, type, player by cap and name, the spec's labels and what is unsent", () => {
    renderList();
    const [, goal, card, timeout, ...more] = screen.getAllByRole('row');
    expect(more).toHaveLength(0);
    expect(cells(goal!).slice(0, 5)).toEqual([
      '06:05',
      'Partizan Seniori',
      'Shot',
      '#7 Marko Marković',
      'Goal, Power play, assisted by #1 Novak Đurić',
    ]);
    expect(cells(card!).slice(0, 5)).toEqual(['04:30', 'Zvezda Seniori', 'Card', '#5 Luka Lukić', 'Yellow card']);
    expect(cells(timeout!)[5]).toBe('Not sent yet');
    expect(screen.getByRole('columnheader', { name: 'Outbox' })).toBeInTheDocument();
  });

  it('shows every period with a Period column, and a refused write with the server message and its actions', async () => {
    const user = userEvent.setup();
    const { onRetry, onDrop } = renderList({ period: null });
    const turnover = screen.getAllByRole('row')[4]!;
    expect(cells(turnover).slice(0, 6)).toEqual([
      '2nd Period',
      '01:00',
      'Partizan Seniori',
      'Turnover',
      '#7 Marko Marković',
      'Offensive foul, won by #5 Luka Lukić',
    ]);
    expect(turnover).toHaveTextContent('Refused: This player is excluded.');
    await user.click(within(turnover).getByRole('button', { name: 'Send again' }));
    expect(onRetry).toHaveBeenCalledWith(events[3]);
    await user.click(within(turnover).getByRole('button', { name: 'Drop' }));
    expect(onDrop).toHaveBeenCalledWith(events[3]);
  });

  it('selects with a click and the arrow keys; Enter edits and Delete deletes the selected event', async () => {
    const user = userEvent.setup();
    const { onSelect, onEdit, onDelete, rerender } = renderList();
    await user.click(screen.getByText('04:30'));
    expect(onSelect).toHaveBeenLastCalledWith('card');
    rerender(<EventList events={events} match={match} period={1200} selectedKey="card" onSelect={onSelect} onEdit={onEdit} onDelete={onDelete} />);
    expect(screen.getByRole('row', { selected: true })).toHaveTextContent('04:30');
    screen.getByRole('group', { name: 'Events' }).focus();
    await user.keyboard('{ArrowDown}');
    expect(onSelect).toHaveBeenLastCalledWith('timeout');
    await user.keyboard('{ArrowUp}');
    expect(onSelect).toHaveBeenLastCalledWith('goal');
    await user.keyboard('{End}');
    expect(onSelect).toHaveBeenLastCalledWith('timeout');
    await user.keyboard('{Enter}');
    expect(onEdit).toHaveBeenLastCalledWith(events[1]);
    await user.keyboard('{Delete}');
    expect(onDelete).toHaveBeenLastCalledWith(events[1]);
    await user.click(screen.getAllByRole('button', { name: 'Edit event' })[0]!);
    expect(onEdit).toHaveBeenLastCalledWith(events[0]);
  });

  it('offers no edit or delete without their callbacks, no outbox column when all is sent, and says when a period has no events', () => {
    const sent = events.filter((event) => event.pending === null);
    const { rerender } = render(<EventList events={sent} match={match} period={1200} selectedKey={null} onSelect={vi.fn()} />);
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Outbox' })).toBeNull();
    rerender(<EventList events={events} match={match} period={1204} selectedKey={null} onSelect={vi.fn()} />);
    expect(screen.getByText(NO_EVENTS_TEXT)).toBeInTheDocument();
  });
});
