import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fakeActions, FakeSessionScreen } from '@/features/live-scoring/fake-session';
import { liveMatch, swimOffEvent } from '@/features/live-scoring/scoring-fixtures';

// A whole-screen render with Blueprint overlays takes seconds on a loaded machine.
describe('the event editor title on the live scoring screen', { timeout: 20_000 }, () => {
  it('reads Goal when the secretary logs a goal (w 7 g) and Shot for a shot (w 7 s)', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter>
        <FakeSessionScreen match={liveMatch()} events={[swimOffEvent()]} actions={fakeActions()} />
      </MemoryRouter>,
    );
    await user.keyboard('w7g');
    const goal = screen.getByRole('form', { name: 'New Goal' });
    expect(goal).toHaveTextContent(/^Goal · 1st Period · /);
    await user.keyboard('{Escape}');
    expect(goal).not.toBeInTheDocument();
    await user.keyboard('w7s');
    expect(screen.getByRole('form', { name: 'New Shot' })).toHaveTextContent(/^Shot · 1st Period · /);
  });
});
