import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { Sidebar } from '@/app/layout/sidebar';
import { isLocalLogout } from '@/lib/return-url';
import { session } from '@/state/session';
import { signInAs, signOutSession } from '@/test/session';

function LogoutProbe() {
  const { state } = useLocation();
  return <p>{isLocalLogout(state) ? 'logout from the page' : 'logout from elsewhere'}</p>;
}

function renderSidebar() {
  const router = createMemoryRouter(
    [
      { path: '/', element: <Sidebar /> },
      { path: '/authentication/logout', element: <LogoutProbe /> },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const items = () =>
  within(screen.getByRole('navigation', { name: 'Main menu' }))
    .queryAllByRole('menuitem')
    .map((item) => item.getAttribute('aria-label'));

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
});
