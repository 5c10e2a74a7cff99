import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, useLocation } from 'react-router';
import { RouterProvider } from '@/test/dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { Schemas } from '@/api/types';
import { Sidebar } from '@/app/layout/sidebar';
import { isLocalLogout } from '@/lib/return-url';
import { session } from '@/state/session';
import { fakeApi } from '@/test/fake-api';
import { partizan, teamOf, zvezda } from '@/test/fixtures/clubs';
import { profileWith, signInAs, signOutSession } from '@/test/session';
import type { Profile } from '@/state/session';

function LogoutProbe() {
  const { state } = useLocation();
  return <p>{isLocalLogout(state) ? 'logout from the page' : 'logout from elsewhere'}</p>;
}

function renderSidebar(path = '/') {
  const router = createMemoryRouter(
    [
      { path: '/', element: <Sidebar /> },
      { path: '/clubs/:clubId', element: <Sidebar /> },
      { path: '/authentication/logout', element: <LogoutProbe /> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const items = () =>
  within(screen.getByRole('navigation', { name: 'Main menu' }))
    .queryAllByRole('menuitem')
    .map((item) => item.getAttribute('aria-label'));

/** Signs in with a profile of `roles` and `overrides` (a club account's club, a coach's id). */
function signInWith(roles: Profile['roles'], overrides: Partial<Profile>): void {
  signInAs(roles);
  session.profile = profileWith(roles, overrides);
}

afterEach(() => {
  session.status = 'loading';
});

const ALL_ITEMS = ['Home', 'Federations', 'Clubs', 'Teams', 'Competitions', 'Matches', 'Club Managers', 'Players', 'Officials', 'Users', 'Cities'];

describe('the sidebar', () => {
  it('shows an admin every item, then Account and Logout', () => {
    signInAs(['Admin']);
    renderSidebar();
    expect(items()).toEqual([...ALL_ITEMS, 'Account', 'Logout']);
    expect(screen.getByText('Administration')).toBeInTheDocument();
  });

  it('shows a user who must turn on two-step sign-in first only Account and Logout, and loads nothing', () => {
    const api = fakeApi();
    signInWith(['Club'], { twoStepDue: true, access: { ...profileWith(['Club']).access, clubs: [partizan().id] } });
    renderSidebar();
    expect(items()).toEqual(['Account', 'Logout']);
    expect(api.reads).toEqual([]);
  });

  it('shows a Person-only user only Home', () => {
    signInAs(['Person']);
    renderSidebar();
    expect(items()).toEqual(['Home', 'Account', 'Logout']);
  });

  it('shows an official Home, Federations, Competitions, Matches and Officials', () => {
    signInAs(['Official']);
    renderSidebar();
    expect(items()).toEqual(['Home', 'Federations', 'Competitions', 'Matches', 'Officials', 'Account', 'Logout']);
  });

  it('joins the items of several roles', () => {
    signInAs(['Person', 'Coach']);
    renderSidebar();
    expect(items()).toEqual(['Home', 'Clubs', 'Teams', 'Account', 'Logout']);
  });

  it('shows only Login when signed out', () => {
    signOutSession();
    renderSidebar();
    expect(items()).toEqual(['Login']);
    expect(screen.getByRole('menuitem', { name: 'Login' })).toHaveAttribute('href', '/authentication/login');
  });

  it('links Account to the profile and starts Logout from within the page', async () => {
    signInAs(['Club']);
    const router = renderSidebar();
    expect(screen.getByRole('menuitem', { name: 'Account' })).toHaveAttribute('href', '/authentication/profile');
    await userEvent.setup().click(screen.getByRole('menuitem', { name: 'Logout' }));
    expect(router.state.location.pathname).toBe('/authentication/logout');
    expect(await screen.findByText('logout from the page')).toBeInTheDocument();
  });

  it("shows a club account its own club right after Home, named from the clubs' names, opening its page", async () => {
    const api = fakeApi().on('GET', '/api/Clubs', [partizan(), zvezda()]);
    signInWith(['Club'], { typeId: 2, type: 'Club', access: { ...profileWith(['Club']).access, clubs: [1] } });
    renderSidebar('/clubs/1');
    const own = await screen.findByRole('menuitem', { name: 'VK Partizan' });
    expect(own).toHaveAttribute('href', '/clubs/1');
    expect(own).toHaveClass('bp6-active');
    expect(items()).toEqual(['Home', 'VK Partizan', 'Teams', 'Competitions', 'Matches', 'Club Managers', 'Players', 'Account', 'Logout']);
    expect(api.reads).toEqual(['/api/Clubs']);
  });

  it('shows a coach the club of the team they coach beside the clubs list, marking only the club on its page', async () => {
    // A coach may not read coaches (the permission table), so their teams name their club.
    const api = fakeApi().on('GET', '/api/Teams/{id}', ({ params }) => teamOf(partizan(), { id: Number(params.id) }));
    signInWith(['Person', 'Coach'], { coachId: 1, access: { ...profileWith(['Coach']).access, teams: [100] } });
    renderSidebar('/clubs/1');
    expect(await screen.findByRole('menuitem', { name: 'VK Partizan' })).toHaveAttribute('href', '/clubs/1');
    expect(items()).toEqual(['Home', 'VK Partizan', 'Clubs', 'Teams', 'Account', 'Logout']);
    expect(screen.getByRole('menuitem', { name: 'VK Partizan' })).toHaveClass('bp6-active');
    expect(screen.getByRole('menuitem', { name: 'Clubs' })).not.toHaveClass('bp6-active');
    expect(api.reads).toEqual(['/api/Teams/100']);
  });

  it("reads the clubs a coach manages from the coach's detail when the user may read coaches", async () => {
    const person = { id: 30, name: 'Dejan', surname: 'Savić', birthDate: '1975-01-01', coachId: 1 };
    const coach: Schemas['CoachDetail'] = {
      ...person,
      id: 1,
      personId: 30,
      person,
      clubs: [
        { id: 5, clubId: 2, coachId: 1, club: { id: 2, name: 'VK Crvena zvezda', nameUniversal: 'Red Star' } },
        { id: 6, clubId: 4, coachId: 1, activeTo: '2020-06-30', club: { id: 4, name: 'VK Jug', nameUniversal: 'Jug' } },
      ],
      teams: [],
      matches: [],
    };
    const api = fakeApi().on('GET', '/api/Coaches/{id}', coach);
    signInWith(['Coach', 'Official'], { coachId: 1 });
    renderSidebar();
    expect(await screen.findByRole('menuitem', { name: 'VK Crvena zvezda' })).toHaveAttribute('href', '/clubs/2');
    // A club they no longer manage is not theirs.
    expect(screen.queryByRole('menuitem', { name: 'VK Jug' })).toBeNull();
    expect(api.reads).toEqual(['/api/Coaches/1']);
  });
});
