import { render, screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, useLocation } from 'react-router';
import { RouterProvider } from '@/test/dom';
import { afterEach, describe, expect, it } from 'vitest';
import { RequireAccess } from '@/app/require-access';
import { session } from '@/state/session';
import { signInAs, signOutSession } from '@/test/session';

function Where() {
  const { pathname, search } = useLocation();
  return <p>at {`${pathname}${search}`}</p>;
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        element: <Outlet />,
        children: [
          { element: <RequireAccess />, children: [{ path: 'users', element: <h1>Users</h1> }, { index: true, element: <h1>Home</h1> }] },
          { path: 'authentication/login', element: <Where /> },
          { path: 'not-found', element: <Where /> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

afterEach(() => {
  session.status = 'loading';
});

describe('RequireAccess', () => {
  it('waits with a spinner while the stored session is checked', () => {
    session.status = 'loading';
    renderAt('/users');
    expect(screen.getByText('Loading...')).toBeInTheDocument();
  });

  it('sends a signed-out visitor to login with the return URL', async () => {
    signOutSession();
    renderAt('/users?filter=ana');
    expect(await screen.findByText('at /authentication/login?returnUrl=%2Fusers%3Ffilter%3Dana')).toBeInTheDocument();
  });

  it('sends a user whose roles do not allow the module to /not-found', async () => {
    signInAs(['Person']);
    renderAt('/users');
    expect(await screen.findByText('at /not-found')).toBeInTheDocument();
  });

  it('shows the page to an allowed user', async () => {
    signInAs(['Admin']);
    renderAt('/users');
    expect(await screen.findByRole('heading', { name: 'Users' })).toBeInTheDocument();
    signInAs(['Person']);
    renderAt('/');
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
  });
});
