import { beforeEach, describe, expect, it, vi } from 'vitest';
import { failure, type FakeApi, fakeApi } from '@/test/fake-api';
import { profileWith } from '@/test/session';

/** A stand-in for oidc-client-ts's UserManager; each test sets how it answers. */
const fake = vi.hoisted(() => {
  const state = {
    settings: null as Record<string, unknown> | null,
    storeArgs: null as Record<string, unknown> | null,
    storedUser: null as unknown,
    signinSilent: (_args?: unknown): Promise<unknown> => Promise.reject(new Error('login_required')),
    signinRedirect: vi.fn((_args?: unknown) => Promise.resolve()),
    signinCallback: (): Promise<unknown> => Promise.reject(new Error('no state')),
    signoutRedirect: vi.fn((_args?: unknown) => Promise.resolve()),
    signoutCallback: (): Promise<unknown> => Promise.resolve(undefined),
    removeUser: vi.fn(() => Promise.resolve()),
    /** The issuer the discovery document names. */
    issuer: 'http://localhost:3000',
  };
  return state;
});

vi.mock('oidc-client-ts', () => ({
  WebStorageStateStore: class {
    constructor(args: Record<string, unknown>) {
      fake.storeArgs = args;
    }
  },
  UserManager: class {
    events = { addUserLoaded: () => () => {}, addUserUnloaded: () => () => {} };
    metadataService = { getIssuer: () => Promise.resolve(fake.issuer) };
    settings: Record<string, unknown>;
    constructor(settings: Record<string, unknown>) {
      fake.settings = settings;
      this.settings = settings;
    }
    getUser = () => Promise.resolve(fake.storedUser);
    signinSilent = (args: unknown) => fake.signinSilent(args);
    signinRedirect = (args: unknown) => fake.signinRedirect(args);
    signinCallback = () => fake.signinCallback();
    signoutRedirect = (args: unknown) => fake.signoutRedirect(args);
    signoutCallback = () => fake.signoutCallback();
    removeUser = () => fake.removeUser();
  },
}));

const CONFIG = {
  authority: 'http://localhost:3000',
  client_id: 'polodesk-web',
  redirect_uri: '/authentication/login-callback',
  post_logout_redirect_uri: '/authentication/logout-callback',
  silent_redirect_uri: '/authentication/silent-callback.html',
  response_type: 'code',
  scope: 'openid profile polodesk-api',
};

const oidcUser = (state?: unknown) => ({
  access_token: 'token-1',
  expires_at: 2_000_000_000,
  expired: false,
  // The issuer's ID token for the web app.
  profile: { sub: '7', name: 'Ana Admin', iss: 'http://localhost:3000', aud: 'polodesk-web' },
  state,
});

let meStatus = 200;
let api: FakeApi;
/** Each request with the headers it carried. */
const requests = () =>
  api.fetch.mock.calls.map(([url, init]) => ({ url, headers: (init?.headers ?? {}) as Record<string, string> }));

beforeEach(() => {
  vi.resetModules();
  meStatus = 200;
  fake.storedUser = null;
  fake.signinSilent = () => Promise.reject(new Error('login_required'));
  fake.signinCallback = () => Promise.reject(new Error('No matching state found in storage'));
  fake.signinRedirect.mockClear();
  fake.signoutRedirect.mockClear();
  fake.removeUser.mockClear();
  fake.issuer = 'http://localhost:3000';
  api = fakeApi()
    // The identity settings are served outside the API.
    .handle(({ url }) => (url === '/_configuration/polodesk-web' ? CONFIG : undefined))
    .on('GET', '/api/Users/me', () => (meStatus === 200 ? profileWith(['Admin']) : failure(meStatus, 'Sign in first.')));
});

const load = () => import('@/state/session');

describe('the session', () => {
  it('builds one UserManager from the server settings, stored under the polodesk prefix', async () => {
    const { userManager } = await load();
    const [first, second] = await Promise.all([userManager(), userManager()]);
    expect(first).toBe(second);
    expect(fake.settings).toMatchObject({
      client_id: 'polodesk-web',
      response_type: 'code',
      redirect_uri: `${window.location.origin}/authentication/login-callback`,
      silent_redirect_uri: `${window.location.origin}/authentication/silent-callback.html`,
      automaticSilentRenew: true,
    });
    expect(fake.storeArgs).toEqual({ prefix: 'polodesk.', store: window.localStorage });
    expect(requests().filter((request) => request.url === '/_configuration/polodesk-web')).toHaveLength(1);
  });

  it('starts signed out without a stored user', async () => {
    const { initSession, session } = await load();
    await initSession();
    expect(session.status).toBe('signedOut');
  });

  it('restores a stored user and loads the profile with its token', async () => {
    fake.storedUser = oidcUser();
    const { initSession, session } = await load();
    await initSession();
    expect(session.status).toBe('signedIn');
    expect(session.profile?.roles).toEqual(['Admin']);
    const me = requests().find((request) => request.url === '/api/Users/me');
    expect(me?.headers.Authorization).toBe('Bearer token-1');
  });

  describe('without the server', () => {
    const unreachable = () =>
      api.handle(({ url }) =>
        url === '/_configuration/polodesk-web' || url === '/api/Users/me' ? Promise.reject(new TypeError('Failed to fetch')) : undefined,
      );

    it('starts signed in on the settings and profile kept from the last start', async () => {
      window.localStorage.clear();
      fake.storedUser = oidcUser();
      await (await load()).initSession();
      vi.resetModules();
      unreachable();
      const { initSession, session } = await load();
      await initSession();
      expect(session.status).toBe('signedIn');
      expect(session.profile?.roles).toEqual(['Admin']);
    });

    it("never lends one user's kept profile to another, and forgets it when the session ends", async () => {
      window.localStorage.clear();
      fake.storedUser = oidcUser();
      await (await load()).initSession();
      vi.resetModules();
      unreachable();
      fake.storedUser = { ...oidcUser(), profile: { ...oidcUser().profile, sub: '8', name: 'Other Person' } };
      const other = await load();
      await other.initSession();
      expect(other.session.status).toBe('signedOut');
      // The failed start ended the session: the first user's profile is gone too.
      vi.resetModules();
      fake.storedUser = oidcUser();
      const first = await load();
      await first.initSession();
      expect(first.session.status).toBe('signedOut');
    });
  });

  describe('an expired stored user', () => {
    const expired = () => ({ ...oidcUser(), expired: true });
    const refusal = () => Object.assign(new Error('login_required'), { name: 'ErrorResponse' });

    it('is renewed silently, and dropped when the identity server refuses', async () => {
      fake.storedUser = expired();
      fake.signinSilent = () => Promise.reject(refusal());
      const { initSession, session } = await load();
      await initSession();
      expect(session.status).toBe('signedOut');
      expect(fake.removeUser).toHaveBeenCalled();
    });

    it('stays while the browser is offline, without a silent attempt, so the screens open on the copies', async () => {
      fake.storedUser = expired();
      const silent = vi.fn(() => Promise.reject(refusal()));
      fake.signinSilent = silent;
      const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
      try {
        const { initSession, session } = await load();
        await initSession();
        expect(session.status).toBe('signedIn');
        expect(silent).not.toHaveBeenCalled();
        expect(fake.removeUser).not.toHaveBeenCalled();
      } finally {
        onLine.mockRestore();
      }
    });

    it('stays when the silent renewal goes unanswered (the server cannot be reached)', async () => {
      fake.storedUser = expired();
      fake.signinSilent = () => Promise.reject(Object.assign(new Error('IFrame timed out without a response'), { name: 'ErrorTimeout' }));
      const { initSession, session } = await load();
      await initSession();
      expect(session.status).toBe('signedIn');
      expect(fake.removeUser).not.toHaveBeenCalled();
    });
  });

  it('signs in silently when the identity server still has a session', async () => {
    fake.signinSilent = () => Promise.resolve(oidcUser());
    const { signIn, session } = await load();
    expect(await signIn('/cities?page=2')).toEqual({ status: 'success', returnUrl: '/cities?page=2' });
    expect(session.status).toBe('signedIn');
    expect(fake.signinRedirect).not.toHaveBeenCalled();
  });

  it('redirects with the return URL in the state when silent sign-in answers login_required', async () => {
    const { signIn, session } = await load();
    const [first, second] = await Promise.all([signIn('/users'), signIn('/users')]);
    expect(first).toEqual({ status: 'redirect' });
    expect(second).toBe(first);
    expect(fake.signinRedirect).toHaveBeenCalledTimes(1);
    expect(fake.signinRedirect).toHaveBeenCalledWith({ state: { returnUrl: '/users' }, nonce: expect.any(String) });
    expect(session.status).toBe('signedOut');
  });

  it('sends a fresh nonce of 128 random bits with every sign-in request', async () => {
    const silentNonces: unknown[] = [];
    fake.signinSilent = (args) => {
      silentNonces.push((args as { nonce?: unknown } | undefined)?.nonce);
      return Promise.reject(new Error('login_required'));
    };
    const { signIn } = await load();
    await signIn('/users');
    await signIn('/clubs');
    const redirectNonces = fake.signinRedirect.mock.calls.map(([args]) => (args as { nonce?: unknown }).nonce);
    const nonces = [...silentNonces, ...redirectNonces];
    expect(nonces).toHaveLength(4);
    // 16 bytes in unpadded base64url.
    for (const nonce of nonces) expect(nonce).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(new Set(nonces).size).toBe(4);
  });

  it('fails with the message when the redirect cannot start', async () => {
    fake.signinRedirect.mockImplementationOnce(() => Promise.reject(new Error('Failed to fetch metadata')));
    const { signIn } = await load();
    expect(await signIn('/')).toEqual({ status: 'fail', message: 'Failed to fetch metadata' });
  });

  it('completes the callback and returns to the URL of the state, once per callback URL', async () => {
    let calls = 0;
    fake.signinCallback = () => {
      calls += 1;
      return Promise.resolve(oidcUser({ returnUrl: '/cities/5/edit' }));
    };
    const { completeSignIn, session } = await load();
    const url = `${window.location.origin}/authentication/login-callback?code=abc&state=xyz`;
    const [first, second] = await Promise.all([completeSignIn(url), completeSignIn(url)]);
    expect(first).toEqual({ status: 'success', returnUrl: '/cities/5/edit' });
    expect(second).toEqual(first);
    expect(calls).toBe(1);
    expect(session.status).toBe('signedIn');
  });

  it('never returns to another origin from the callback state', async () => {
    fake.signinCallback = () => Promise.resolve(oidcUser({ returnUrl: 'https://evil.example/' }));
    const { completeSignIn } = await load();
    expect(await completeSignIn('http://localhost:3000/authentication/login-callback?code=1')).toEqual({
      status: 'success',
      returnUrl: '/',
    });
  });

  it('refuses an ID token another issuer or another app was given, and forgets it', async () => {
    for (const profile of [
      { sub: '7', iss: 'https://evil.example', aud: 'polodesk-web' },
      { sub: '7', iss: 'http://localhost:3000', aud: 'polodesk-cli' },
    ]) {
      vi.resetModules();
      fake.removeUser.mockClear();
      fake.signinCallback = () => Promise.resolve({ ...oidcUser({ returnUrl: '/' }), profile });
      const { completeSignIn, session } = await load();
      expect(await completeSignIn(`http://localhost:3000/authentication/login-callback?code=${profile.aud}${profile.iss}`)).toEqual({
        status: 'fail',
        message: 'The sign-in answer was not meant for this app, so it was refused.',
      });
      expect(fake.removeUser).toHaveBeenCalled();
      expect(session.status).not.toBe('signedIn');
    }
    // A stored user of another app is not restored either.
    vi.resetModules();
    fake.storedUser = { ...oidcUser(), profile: { sub: '7', iss: 'http://localhost:3000', aud: 'polodesk-tui' } };
    const { initSession, session } = await load();
    await initSession();
    expect(session.status).toBe('signedOut');
  });

  it('does not sign in with a server whose discovery document names another issuer', async () => {
    fake.issuer = 'https://evil.example';
    fake.signinSilent = () => Promise.resolve(oidcUser());
    const { signIn, session } = await load();
    expect(await signIn('/')).toEqual({
      status: 'fail',
      message: 'The sign-in server names another issuer than this app expects, so the sign-in was refused.',
    });
    expect(fake.signinRedirect).not.toHaveBeenCalled();
    expect(session.status).toBe('signedOut');
  });

  it('reports a failed callback with the general message', async () => {
    const { completeSignIn } = await load();
    expect(await completeSignIn('http://localhost:3000/authentication/login-callback?code=2')).toEqual({
      status: 'fail',
      message: 'There was an error signing in.',
    });
  });

  it('drops the session on a 401 from the API', async () => {
    fake.storedUser = oidcUser();
    const { initSession, session } = await load();
    const { api } = await import('@/api/client');
    await initSession();
    expect(session.status).toBe('signedIn');
    meStatus = 401;
    await expect(api.get('/api/Users/me')).rejects.toThrow('Sign in first.');
    expect(session.status).toBe('signedOut');
    expect(session.user).toBeNull();
    await vi.waitFor(() => expect(fake.removeUser).toHaveBeenCalled());
  });

  it('signs out at the identity server with the return URL in the state', async () => {
    fake.storedUser = oidcUser();
    const { initSession, signOut } = await load();
    await initSession();
    expect(await signOut('/authentication/logged-out')).toEqual({ status: 'redirect' });
    expect(fake.signoutRedirect).toHaveBeenCalledWith({ state: { returnUrl: '/authentication/logged-out' } });
  });

  it('completes the logout callback and goes to the logged-out page', async () => {
    fake.signoutCallback = () => Promise.resolve({ userState: { returnUrl: '/authentication/logged-out' } });
    const { completeSignOut, session } = await load();
    expect(await completeSignOut('http://localhost:3000/authentication/logout-callback?state=1')).toEqual({
      status: 'success',
      returnUrl: '/authentication/logged-out',
    });
    expect(session.status).toBe('signedOut');
  });
});
