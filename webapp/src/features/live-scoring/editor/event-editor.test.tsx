import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useReducer } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DOUBLE_NEEDS_FOULED, type EventFields } from '@/lib/event-rules';
import { editorSides } from './editor-sides';
import { editorReducer, type EditorState, openEditor } from './editor-state';
import { API_MATCH, AWAY, exclusionOf, HOME, KEEPERS, MATCH, open, RULES_MATCH, SIDES } from './editor-test-match';
import { EventEditor } from './event-editor';

function Editor({ initial, events = [], onSave, onCancel = vi.fn() }: { initial: EditorState; events?: EventFields[]; onSave: () => void; onCancel?: () => void }) {
  const [state, dispatch] = useReducer(editorReducer, initial);
  const sides = events.length > 0 ? editorSides(API_MATCH, events) : SIDES;
  return <EventEditor state={state} dispatch={dispatch} sides={sides} match={RULES_MATCH} events={events} onSave={onSave} onCancel={onCancel} />;
}

const field = (name: string) => document.getElementById(`event-${name}`)!;
const cap = (name: string, number: string) => within(field(name)).getByRole('radio', { name: number });
const toggle = (name: string) => field(name) as HTMLInputElement;
const group = (name: string) => field(name).closest<HTMLElement>('.bp6-form-group')!;

describe('EventEditor', () => {
  it('logs a goal with its scorer and assist in three keys', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn();
    render(<Editor initial={open(705, { teamId: HOME, isGoal: true })} onSave={onSave} />);
    expect(field('takenBy')).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard('75{Enter}');
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(onSave.mock.calls[0]![0]).toMatchObject({ typeId: 705, shot: { teamId: HOME, isGoal: true, takenById: 107, assistedById: 105 } });
  });

  it('is titled Goal for a goal and Shot for a shot, following the goal toggle', async () => {
    const user = userEvent.setup();
    render(<Editor initial={open(705, { teamId: HOME, playerId: 107, isGoal: true })} onSave={vi.fn()} />);
    expect(screen.getByRole('form', { name: 'New Goal' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Goal · 1st Period · 05:30' })).toBeInTheDocument();
    await user.click(toggle('goal'));
    expect(screen.getByRole('form', { name: 'New Shot' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Shot · 1st Period · 05:30' })).toBeInTheDocument();
  });

  it('waits on cap 1 while 10 to 13 may follow, and hands a digit that fits no cap to the next field', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn();
    render(<Editor initial={open(705, { teamId: HOME, isGoal: true })} onSave={onSave} />);
    await user.keyboard('1');
    expect(cap('takenBy', '1')).toBeChecked();
    expect(field('takenBy')).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard('2');
    expect(cap('takenBy', '12')).toBeChecked();
    expect(field('assistedBy')).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard('{Delete}15');
    expect(cap('assistedBy', '1')).toBeChecked();
    expect(field('blockedBy').querySelector('[aria-checked="true"]')).toHaveTextContent('–');
    expect(screen.getByText('#1 Home Player1')).toBeInTheDocument();
  });

  it('types a cap into the player still needed when typed outside the player fields', async () => {
    const user = userEvent.setup();
    render(<Editor initial={open(705)} onSave={vi.fn()} />);
    await user.click(screen.getByRole('radio', { name: 'Partizan' }));
    await user.keyboard('4');
    expect(cap('takenBy', '4')).toBeChecked();
    expect(within(group('takenBy')).getByText('#4 Away Player4')).toBeInTheDocument();
  });

  it('sets saved-by to the opposing keeper when the target is inside the goal area', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn();
    render(<Editor initial={open(705, { teamId: HOME, playerId: 107 })} onSave={onSave} />);
    field('target').focus();
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(onSave).not.toHaveBeenCalled();
    expect(screen.getByText('0.500, 0.520')).toBeInTheDocument();
    expect(cap('savedBy', '1')).toBeChecked();
    expect(within(group('savedBy')).getByText('#1 Away Player1')).toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(onSave.mock.calls[0]![0]).toMatchObject({ shot: { savedById: 201, targetX: 0.5, targetY: 0.52 } });
  });

  it('picks a point by a click, to three decimals', () => {
    render(<Editor initial={open(705, { teamId: HOME, playerId: 107 })} onSave={vi.fn()} />);
    const picture = field('location').querySelector('svg')!;
    vi.spyOn(picture, 'getBoundingClientRect').mockReturnValue({ left: 10, top: 20, width: 300, height: 225 } as DOMRect);
    fireEvent.click(picture, { clientX: 110, clientY: 95 });
    expect(screen.getByText('0.333, 0.333')).toBeInTheDocument();
  });

  it('refuses a double exclusion without a fouled player, then shows its mirrored twin', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn();
    render(<Editor initial={open(704, { teamId: HOME, playerId: 103 })} onSave={onSave} />);
    await user.click(toggle('doubleExclusion'));
    await user.keyboard('{Enter}');
    expect(onSave).not.toHaveBeenCalled();
    expect(within(group('fouled')).getByText(DOUBLE_NEEDS_FOULED)).toBeInTheDocument();
    expect(field('fouled')).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard('6');
    expect(screen.getByText('Also logged for Partizan: #6 Away Player6 excluded, fouling #3 Home Player3.')).toBeInTheDocument();
    expect(screen.queryByText(DOUBLE_NEEDS_FOULED)).not.toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(onSave.mock.calls[0]![0]).toMatchObject({ exclusion: { excludedPlayerId: 103, fouledPlayerId: 206, isDoubleExclusion: true } });
  });

  it('turns off and disables fast break and direct from foul for a penalty shot', async () => {
    const user = userEvent.setup();
    render(<Editor initial={open(705, { teamId: HOME, playerId: 107 })} onSave={vi.fn()} />);
    await user.click(toggle('fastBreak'));
    await user.click(toggle('directFromFoul'));
    expect(toggle('fastBreak')).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Penalty' }));
    expect(toggle('fastBreak')).not.toBeChecked();
    expect(toggle('fastBreak')).toBeDisabled();
    expect(toggle('directFromFoul')).not.toBeChecked();
    expect(toggle('directFromFoul')).toBeDisabled();
  });

  it('enables the penalty exclusion only with the 5m type', async () => {
    const user = userEvent.setup();
    render(<Editor initial={open(704, { teamId: HOME, playerId: 103 })} onSave={vi.fn()} />);
    expect(toggle('penaltyExclusion')).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: 'Penalty (5m)' }));
    await user.click(toggle('penaltyExclusion'));
    expect(toggle('penaltyExclusion')).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Brutality' }));
    expect(toggle('penaltyExclusion')).not.toBeChecked();
    expect(toggle('penaltyExclusion')).toBeDisabled();
  });

  it('logs a swim-off by keys: both swimmers by cap, the winner by arrow', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn();
    render(<Editor initial={open(701)} onSave={onSave} />);
    expect(within(field('winner')).queryAllByRole('radio')).toHaveLength(0);
    await user.keyboard('57');
    expect(field('winner')).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard('{ArrowRight}{Enter}');
    expect(onSave.mock.calls[0]![0]).toMatchObject({ typeId: 701, swimoff: { homeTeamSwimmerId: 105, awayTeamSwimmerId: 207, winnerSwimmerId: 207, winnerTeamId: AWAY } });
  });

  it("names new swimmers when caps are typed in a swim-off opened with the last one's", async () => {
    const user = userEvent.setup();
    const onSave = vi.fn();
    const lastOnes = editorReducer(editorReducer(open(701), { type: 'homeSwimmer', playerId: 107 }), { type: 'awaySwimmer', playerId: 207 });
    render(<Editor initial={lastOnes} onSave={onSave} />);
    expect(field('winner')).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard('58');
    expect(cap('homeSwimmer', '5')).toBeChecked();
    expect(cap('awaySwimmer', '8')).toBeChecked();
    expect(field('winner')).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard('{ArrowRight}{Enter}');
    expect(onSave.mock.calls[0]![0]).toMatchObject({ typeId: 701, swimoff: { homeTeamSwimmerId: 105, awayTeamSwimmerId: 208, winnerSwimmerId: 208 } });
  });

  it('gives a card to a coach, and clears the winner of possession when the turnover type changes', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn();
    const { unmount } = render(<Editor initial={open(702, { teamId: HOME, subTypeId: 801 })} onSave={onSave} />);
    await user.click(within(field('carded')).getByRole('radio', { name: 'HC' }));
    expect(within(group('carded')).getByText('Ivo Coach (Head Coach)')).toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(onSave.mock.calls[0]![0]).toMatchObject({ card: { teamId: HOME, typeId: 801, cardedPlayerId: null, cardedCoachId: 15 } });
    unmount();
    render(<Editor initial={open(703, { teamId: HOME, playerId: 104 })} onSave={onSave} />);
    await user.keyboard('5');
    expect(cap('wonBy', '5')).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Offensive foul' }));
    expect(cap('wonBy', '5')).not.toBeChecked();
  });

  it('saves a timeout with one Enter, once, and cancels with Escape', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn();
    const onCancel = vi.fn();
    render(<Editor initial={open(700, { teamId: HOME })} onSave={onSave} onCancel={onCancel} />);
    expect(screen.getByRole('button', { name: 'Save' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(onSave).toHaveBeenCalledWith({ matchId: 1, typeId: 700, periodId: 1200, minute: 5, seconds: 30, timeout: { teamId: HOME } });
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('takes focus from the screen when it opens', () => {
    const { rerender } = render(<button type="button">Goal</button>);
    screen.getByRole('button', { name: 'Goal' }).focus();
    rerender(
      <>
        <button type="button">Goal</button>
        <Editor initial={open(704, { teamId: HOME })} onSave={vi.fn()} />
      </>,
    );
    expect(field('excluded')).toContainElement(document.activeElement as HTMLElement);
  });

  it('shows what is missing only once a save is tried', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn();
    render(<Editor initial={open(705)} onSave={onSave} />);
    expect(field('team')).toContainElement(document.activeElement as HTMLElement);
    expect(screen.queryByText('Team field is required!')).not.toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(onSave).not.toHaveBeenCalled();
    expect(within(group('team')).getByText('Team field is required!')).toBeInTheDocument();
    expect(within(group('takenBy')).getByText('Taken by field is required!')).toBeInTheDocument();
  });

  it('keeps a player out for good picked in the event that put him out', () => {
    const events = [exclusionOf(1, 103, 1002)];
    const correcting = openEditor({ match: MATCH, keepers: KEEPERS, typeId: 704, period: 1200, minute: 7, seconds: 1, existing: events[0] });
    render(<Editor initial={correcting} events={events} onSave={vi.fn()} />);
    expect(cap('excluded', '3')).toBeChecked();
    expect(cap('excluded', '3')).toBeEnabled();
    expect(cap('fouled', '3')).toBeEnabled();
  });

  it('does not let a player out for good be picked', async () => {
    const user = userEvent.setup();
    const events = [exclusionOf(1, 103, 1002)];
    render(<Editor initial={open(705, { teamId: HOME })} events={events} onSave={vi.fn()} />);
    expect(cap('takenBy', '3')).toBeDisabled();
    await user.keyboard('3');
    expect(cap('takenBy', '3')).not.toBeChecked();
  });
});
