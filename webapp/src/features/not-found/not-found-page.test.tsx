import { render, screen } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from '@/test/dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { routes } from '@/app/router';
import { signInAs, signOutSession } from '@/test/session';

function renderAt(path: string) {
  render(<RouterProvider router={createMemoryRouter(routes, { initialEntries: [path] })} />);
}

describe('the 404 page', () => {
  beforeEach(() => signInAs(['Admin']));

  it.each(['/not-found', '/some/unknown/route', '/cities/5/unknown'])('shows at %s with a way home', async (path) => {
    renderAt(path);
    expect(await screen.findByRole('heading', { name: 'Ooops... Error 404' })).toBeInTheDocument();
    expect(screen.getByText('We are sorry, but the page you are looking for does not exist.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to homepage' })).toHaveAttribute('href', '/');
  });

  it('needs no sign-in', async () => {
    signOutSession();
    renderAt('/some/unknown/route');
    expect(await screen.findByRole('heading', { name: 'Ooops... Error 404' })).toBeInTheDocument();
  });

  it('is not shown on a known page', async () => {
    renderAt('/federations');
    expect(await screen.findByRole('heading', { name: 'Federations' })).toBeInTheDocument();
    expect(screen.queryByText('Ooops... Error 404')).toBeNull();
  });

  it('is where a user without the right lands', async () => {
    signInAs(['Person']);
    renderAt('/users');
    expect(await screen.findByRole('heading', { name: 'Ooops... Error 404' })).toBeInTheDocument();
  });
});
