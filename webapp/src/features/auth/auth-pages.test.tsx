import { render, screen } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from '@/test/dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { routes } from '@/app/router';
import { session } from '@/state/session';
import { type FakeApi, failure, fakeApi } from '@/test/fake-api';
import { signInAs, signOutSession } from '@/test/session';

function renderAt(path: string) {
  render(<RouterProvider router={createMemoryRouter(routes, { initialEntries: [path] })} />);
}

let api: FakeApi;

beforeEach(() => {
  // No identity server here: any call would fail, and none should be made by these pages.
  api = fakeApi();
  api.otherwise = () => Promise.reject(new Error('no network in unit tests'));
});

afterEach(() => {
  session.status = 'loading';
});

describe('the authentication pages', () => {
  it('refuse a return URL of another origin', async () => {
    signOutSession();
    renderAt('/authentication/login?returnUrl=https%3A%2F%2Fevil.example%2Fcities');
    expect(
      await screen.findByText('Invalid return url. The return url needs to have the same origin as the current page.'),
    ).toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });

  it('show the message of a failed sign-in, or the general one', async () => {
    renderAt('/authentication/login-failed?message=Access%20denied.');
    expect(await screen.findByText('Access denied.')).toBeInTheDocument();
  });

  it('show the general message when a failed sign-in has none', async () => {
    renderAt('/authentication/login-failed');
    expect(await screen.findByText('There was an error signing in.')).toBeInTheDocument();
  });

  it('do not sign out when the logout was not started from within the page', async () => {
    signInAs(['Admin']);
    renderAt('/authentication/logout');
    expect(await screen.findByText('The logout was not initiated from within the page.')).toBeInTheDocument();
    expect(api.calls).toEqual([]);
    expect(session.status).toBe('signedIn');
  });

  it('say so after logging out, with a way to log in again', async () => {
    signOutSession();
    renderAt('/authentication/logged-out');
    expect(await screen.findByText('You successfully logged out!')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/authentication/login');
  });

  it("show the signed-in user's account", async () => {
    // The page's cards load the sign-ins and the API token. Refused, each would raise an error
    // toast whose timer outlives the test file's window.
    api.on('GET', '/api/Users/me/sessions', []);
    api.on('GET', '/api/Users/me/activity', []);
    api.on('GET', '/api/Users/me/api-token', () => failure(404, 'You have no API token.'));
    signInAs(['Official']);
    renderAt('/authentication/profile');
    expect(await screen.findByRole('heading', { name: 'Account' })).toBeInTheDocument();
    expect(screen.getByText('someone@polodesk.test')).toBeInTheDocument();
    expect(screen.getByText('Official')).toBeInTheDocument();
    expect(await screen.findByText('You have no API token.')).toBeInTheDocument();
  });
});
