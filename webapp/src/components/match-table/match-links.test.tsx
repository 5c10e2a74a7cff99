import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { Role } from '@/lib/permissions';
import { session } from '@/state/session';
import { matchOf } from '@/test/fixtures/matches';
import { profileWith, signOutSession } from '@/test/session';
import { mayOpenLog } from '@/components/match-table/match-links';
import { MatchTable } from '@/components/match-table/match-table';

/** A user holding `roles` whose access lists `matches` and `federations`. */
const userWith = (roles: Role[], access: { matches?: number[]; federations?: number[] } = {}) => {
  const profile = profileWith(roles);
  return { ...profile, access: { ...profile.access, ...access } };
};

// Match 900 of federation 1; match 901 of federation 2.
const ours = { id: 900, federationId: 1 };
const theirs = { id: 901, federationId: 2 };

afterEach(signOutSession);

describe('mayOpenLog', () => {
  it('shows the Log link to every reader of a match outside an official\'s page', () => {
    for (const role of ['Admin', 'Federation', 'Club', 'Person', 'Coach', 'Official'] as Role[]) {
      expect(mayOpenLog(userWith([role]), theirs, 'read')).toBe(true);
    }
    expect(mayOpenLog(null, theirs, 'read')).toBe(false);
  });

  it('on an official\'s page, shows it to admins and to federation or official users with the match allowed', () => {
    expect(mayOpenLog(userWith(['Admin']), theirs, 'allowed')).toBe(true);
    expect(mayOpenLog({ ...userWith([]), access: { ...userWith([]).access, admin: true } }, theirs, 'allowed')).toBe(true);
    expect(mayOpenLog(userWith(['Federation'], { federations: [1] }), ours, 'allowed')).toBe(true);
    expect(mayOpenLog(userWith(['Federation'], { federations: [1] }), theirs, 'allowed')).toBe(false);
    expect(mayOpenLog(userWith(['Official'], { matches: [900] }), ours, 'allowed')).toBe(true);
    expect(mayOpenLog(userWith(['Official'], { matches: [900] }), theirs, 'allowed')).toBe(false);
    // A club or coach user never, even for a match its access lists.
    expect(mayOpenLog(userWith(['Club'], { matches: [900], federations: [1] }), ours, 'allowed')).toBe(false);
    expect(mayOpenLog(userWith(['Coach', 'Person'], { matches: [900] }), ours, 'allowed')).toBe(false);
  });
});

describe('the Log links of a match table', () => {
  const rows = [matchOf({ id: 900, federationId: 1 }), matchOf({ id: 901, federationId: 2, homeTeamDisplayName: 'Jug' })];
  const logLinks = () => screen.queryAllByRole('link', { name: 'Log' }).map((link) => link.getAttribute('href'));

  it('links every row to its match log', () => {
    session.profile = userWith(['Club']);
    render(
      <MemoryRouter>
        <MatchTable matches={rows} emptyText="none" />
      </MemoryRouter>,
    );
    expect(logLinks()).toEqual(['/match-log/900', '/match-log/901']);
    const row = screen.getByText('Jug').closest('tr')!;
    expect(within(row).getAllByRole('link').map((link) => link.textContent)).toEqual(['Details', 'Log', 'Report']);
  });

  it('on an official\'s page links only the matches the official user is allowed', () => {
    session.profile = userWith(['Official'], { matches: [901] });
    render(
      <MemoryRouter>
        <MatchTable matches={rows} emptyText="none" logRule="allowed" />
      </MemoryRouter>,
    );
    expect(logLinks()).toEqual(['/match-log/901']);
    expect(screen.getAllByRole('link', { name: 'Details' })).toHaveLength(2);
  });
});
