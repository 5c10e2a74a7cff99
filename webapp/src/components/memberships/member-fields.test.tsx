import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemberFields } from '@/components/memberships/member-fields';
import { initialMemberValues, type MemberValues } from '@/components/memberships/member-values';
import { emptyPlayerTeamRow, type PlayerTeamRow } from '@/components/memberships/team-rows';
import { PLAYER_TEAM_ROW } from '@/components/memberships/team-row-fields';
import { useEntityForm } from '@/lib/use-entity-form';
import { type Profile, session } from '@/state/session';
import { fakeApi } from '@/test/fake-api';
import { partizan, serveClubs, teamOf, zvezda } from '@/test/fixtures/clubs';
import { input } from '@/test/dom';
import { profileWith, signOutSession } from '@/test/session';

vi.mock('@/lib/toaster', () => ({ showSuccess: vi.fn(), showError: vi.fn() }));

/** A new player's club and team rows, in a form of their own. */
function Rows() {
  const form = useEntityForm({
    initial: (): MemberValues<PlayerTeamRow> => initialMemberValues(emptyPlayerTeamRow, undefined, undefined),
    validate: () => ({}),
    save: async () => undefined,
    successText: '',
    onSaved: () => undefined,
  });
  return <MemberFields form={form} role="player" kind={PLAYER_TEAM_ROW} />;
}

const signInWith = (access: Partial<Profile['access']>) => {
  const profile = profileWith([]);
  session.profile = { ...profile, access: { ...profile.access, ...access } };
};

describe('MemberFields’ club and team pickers', { timeout: 30_000 }, () => {
  afterEach(() => signOutSession());

  it('start a club account’s new rows with its club and its one team, the only ones offered', async () => {
    signInWith({ clubs: [1] });
    const server = serveClubs(fakeApi(), {
      clubs: [partizan(), zvezda()],
      teams: [teamOf(partizan(), { id: 10, name: 'Partizan Seniori' }), teamOf(zvezda(), { id: 20, name: 'Zvezda Seniori' })],
    });
    const user = userEvent.setup();
    render(<Rows />);
    // The lists load when the form opens; a row added after starts with the only choice.
    await waitFor(() => expect(server.reads).toEqual(expect.arrayContaining(['/api/Clubs', '/api/Teams'])));
    await new Promise((done) => setTimeout(done, 50));
    await user.click(screen.getByRole('button', { name: 'Add club' }));
    await user.click(screen.getByRole('button', { name: 'Add team' }));
    await waitFor(() => expect(input('player-clubs-0-club')).toHaveValue('VK Partizan'));
    expect(input('player-teams-0-team')).toHaveValue('Partizan Seniori');
    await user.click(input('player-clubs-0-club'));
    expect(await screen.findByRole('option', { name: /VK Partizan/ })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: /VK Crvena zvezda/ })).toBeNull();
  });

  it('say so when there is no club to choose (a coach)', async () => {
    signInWith({ teams: [20] });
    serveClubs(fakeApi(), { clubs: [partizan()], teams: [teamOf(zvezda(), { id: 20, name: 'Zvezda Seniori' })] });
    const user = userEvent.setup();
    render(<Rows />);
    await user.click(screen.getByRole('button', { name: 'Add club' }));
    await waitFor(() => expect(input('player-clubs-0-club')).toHaveAttribute('placeholder', 'There is no club you may choose'));
  });
});
