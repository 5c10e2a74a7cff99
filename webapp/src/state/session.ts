/**
 * The signed-in session: the OIDC user (oidc-client-ts), the profile from GET /api/Users/me and
 * where sign-in stands. One UserManager serves the whole app; its settings come from the
 * server's configuration endpoint. Sign-in tries a silent sign-in first and then a redirect
 * (spec 01 §4); popup sign-in is never used.
 */
import type { User, UserManager, UserManagerSettings } from 'oidc-client-ts';
import { proxy } from 'valtio';
import { api, ApiRequestError, configureAuth, isUnreachable } from '@/api/client';
import type { Schemas } from '@/api/types';
import { SIGN_IN_ERROR, UNKNOWN_ERROR } from '@/lib/auth-messages';
import { forThisApp, NOT_FOR_THIS_APP, OTHER_ISSUER, sameIssuer } from '@/lib/id-token';
import { matchSnapshots } from '@/lib/match-snapshots';
import { LOGGED_OUT_PATH, resolveReturnUrl } from '@/lib/return-url';

export type Profile = Schemas['Profile'];

/** `loading` until the stored session has been checked at start. */
export type SessionStatus = 'loading' | 'signedOut' | 'signedIn';

/** What the app keeps of the OIDC user. */
export interface SessionUser {
  subject: string;
  name: string | null;
  accessToken: string;
  /** Seconds since the epoch. */
  expiresAt: number | null;
}

export const session = proxy({
  status: 'loading' as SessionStatus,
  user: null as SessionUser | null,
  profile: null as Profile | null,
});

/** How a sign-in or sign-out attempt ended; `redirect` means the browser is leaving the page. */
export type AuthResult =
  | { status: 'success'; returnUrl: string }
  | { status: 'fail'; message: string }
  | { status: 'redirect' };

export const CONFIGURATION_URL = '/_configuration/polodesk-web';
/** Keys of the session in localStorage start with this. */
export const STORAGE_PREFIX = 'polodesk.';

configureAuth({
  accessToken: () => session.user?.accessToken ?? null,
  onUnauthorized: () => void forgetUser(),
});

// ---------------------------------------------------------------------------------------------
// The UserManager

/** The settings the server hands out; URLs may be relative to this page. */
type ClientSettings = Pick<
  UserManagerSettings,
  'authority' | 'client_id' | 'redirect_uri' | 'post_logout_redirect_uri' | 'silent_redirect_uri' | 'response_type' | 'scope'
> &
  Record<string, unknown>;

const URL_SETTINGS = ['authority', 'redirect_uri', 'post_logout_redirect_uri', 'silent_redirect_uri'] as const;

/** The last sign-in settings and profile, so the app starts signed in when the server cannot be reached. */
const SETTINGS_KEY = `${STORAGE_PREFIX}settings`;
const PROFILE_KEY = `${STORAGE_PREFIX}profile`;

function stored<T>(key: string): T | null {
  try {
    const text = window.localStorage.getItem(key);
    return text === null ? null : (JSON.parse(text) as T);
  } catch {
    return null;
  }
}

function store(key: string, value: unknown): void {
  try {
    window.localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // A full or blocked storage only costs the offline start.
  }
}

async function fetchClientSettings(): Promise<ClientSettings> {
  let response: Response;
  try {
    response = await fetch(CONFIGURATION_URL, { headers: { Accept: 'application/json' } });
  } catch (error) {
    const kept = stored<ClientSettings>(SETTINGS_KEY);
    if (kept) return kept;
    throw error;
  }
  if (!response.ok) throw new Error(`The sign-in settings could not be loaded (${response.status}).`);
  const settings = (await response.json()) as ClientSettings;
  store(SETTINGS_KEY, settings);
  return settings;
}

async function loadClientSettings(): Promise<ClientSettings> {
  const settings = await fetchClientSettings();
  if (typeof settings.authority !== 'string' || typeof settings.client_id !== 'string') {
    throw new Error('The sign-in settings are incomplete.');
  }
  for (const key of URL_SETTINGS) {
    const value = settings[key];
    if (typeof value === 'string') settings[key] = new URL(value, window.location.origin).href;
  }
  return settings;
}

async function createUserManager(): Promise<UserManager> {
  // The library loads with the settings, in its own chunk that the silent-callback page shares.
  const [oidc, settings] = await Promise.all([import('oidc-client-ts'), loadClientSettings()]);
  const manager = new oidc.UserManager({
    ...settings,
    userStore: new oidc.WebStorageStateStore({ prefix: STORAGE_PREFIX, store: window.localStorage }),
    automaticSilentRenew: true,
  });
  manager.events.addUserLoaded((user) => {
    // A renewal's ID token is held to the same check as the sign-in's.
    if (!issuedForThisApp(manager, user)) {
      void manager.removeUser();
      return;
    }
    session.user = sessionUser(user);
  });
  manager.events.addUserUnloaded(clearSession);
  return manager;
}

/**
 * A fresh value for each sign-in request's `nonce`: the issuer puts it in the ID token, and
 * oidc-client-ts refuses an ID token that does not carry the one its request stored, so a
 * token obtained for another request cannot be replayed into this one (OIDC Core 3.1.2.1).
 */
function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** An answer of the issuer that the app refuses (`lib/id-token.ts`); its message is shown as it is. */
class RefusedAnswer extends Error {}

function issuedForThisApp(manager: UserManager, user: User): boolean {
  return forThisApp(user.profile, manager.settings.authority, manager.settings.client_id);
}

/** Refuses to sign in with an issuer whose discovery document names another issuer. */
async function checkIssuer(manager: UserManager): Promise<void> {
  if (!sameIssuer(await manager.metadataService.getIssuer(), manager.settings.authority)) throw new RefusedAnswer(OTHER_ISSUER);
}

/** `user` when its ID token is this issuer's for this app; otherwise it is forgotten and refused. */
async function checkedUser(manager: UserManager, user: User): Promise<User> {
  if (issuedForThisApp(manager, user)) return user;
  await manager.removeUser();
  throw new RefusedAnswer(NOT_FOR_THIS_APP);
}

/** Signs in without leaving the page: with the refresh token, or else the hidden frame with its own nonce. */
async function signinSilently(manager: UserManager): Promise<User | null> {
  await checkIssuer(manager);
  const user = await manager.signinSilent({ nonce: newNonce() });
  return user && checkedUser(manager, user);
}

let managerPromise: Promise<UserManager> | null = null;

/** The app's one UserManager, created on first use; a failed start is retried on the next use. */
export function userManager(): Promise<UserManager> {
  managerPromise ??= createUserManager().catch((error: unknown) => {
    managerPromise = null;
    throw error;
  });
  return managerPromise;
}

// ---------------------------------------------------------------------------------------------
// Session state

function sessionUser(user: User): SessionUser {
  const name = user.profile.name ?? user.profile.email ?? null;
  return { subject: user.profile.sub, name, accessToken: user.access_token, expiresAt: user.expires_at ?? null };
}

function clearSession(): void {
  session.user = null;
  session.profile = null;
  session.status = 'signedOut';
  forgetDeviceCopies();
}

/** What this device kept of the signed-in user's data for offline use goes with the session. */
function forgetDeviceCopies(): void {
  // Kept only for a signed-in user: a visitor's start never opens the copies' database.
  if (window.localStorage.getItem(PROFILE_KEY) === null) return;
  window.localStorage.removeItem(PROFILE_KEY);
  matchSnapshots()
    .then((snapshots) => snapshots.clear())
    .catch(() => undefined);
}

/** A refusal by the identity server (oidc-client-ts names it), not a sign-in that timed out unanswered. */
const answered = (error: unknown): error is Error => error instanceof Error && error.name === 'ErrorResponse';

/** Signed in once the profile has loaded with the user's token. */
async function establish(user: User): Promise<void> {
  session.user = sessionUser(user);
  try {
    session.profile = await loadProfile(session.user.subject);
    session.status = 'signedIn';
  } catch (error) {
    clearSession();
    throw error;
  }
}

/** The user's profile from the server, or the one kept for this user when the server cannot be reached. */
async function loadProfile(subject: string): Promise<Profile> {
  try {
    const profile = await api.get<Profile>('/api/Users/me');
    store(PROFILE_KEY, { subject, profile });
    return profile;
  } catch (error) {
    const kept = stored<{ subject: string; profile: Profile }>(PROFILE_KEY);
    if (isUnreachable(error) && kept?.subject === subject) return kept.profile;
    throw error;
  }
}

/**
 * Drops the stored user, e.g. after a 401 or when the server has ended every sign-in of the
 * account: the guards then send the visitor to sign in.
 */
export async function forgetUser(): Promise<void> {
  clearSession();
  try {
    await (await userManager()).removeUser();
  } catch {
    // Without a UserManager there is no stored user either.
  }
}

function messageOf(error: unknown, fallback: string): string {
  if (error instanceof ApiRequestError || error instanceof RefusedAnswer) return error.message;
  if (answered(error) && error.message !== '') return error.message;
  return fallback;
}

function returnUrlFromState(state: unknown, fallback: string): string {
  const raw =
    typeof state === 'object' && state !== null && typeof (state as { returnUrl?: unknown }).returnUrl === 'string'
      ? (state as { returnUrl: string }).returnUrl
      : null;
  const resolved = resolveReturnUrl(raw, window.location.origin, fallback);
  return resolved.ok ? resolved.path : fallback;
}

// ---------------------------------------------------------------------------------------------
// Actions

let initPromise: Promise<void> | null = null;

/**
 * Restores the stored session at start: a valid stored user is signed in once its profile
 * loads; an expired one is renewed silently first. Anything else leaves the visitor signed out.
 */
export function initSession(): Promise<void> {
  initPromise ??= (async () => {
    try {
      const manager = await userManager();
      let user = await manager.getUser();
      if (user && !issuedForThisApp(manager, user)) {
        await manager.removeUser();
        user = null;
      }
      // Offline the stored user stays, even expired, so the screens open on this device's
      // copies; the server's first 401 once it is back asks for sign-in again.
      if (user?.expired && navigator.onLine) {
        try {
          user = await signinSilently(manager);
        } catch (error) {
          if (answered(error) || error instanceof RefusedAnswer) {
            await manager.removeUser();
            user = null;
          }
        }
      }
      if (user) await establish(user);
      else clearSession();
    } catch {
      clearSession();
    }
  })();
  return initPromise;
}

/** Runs `start` once at a time; callers arriving meanwhile (React's strict mode) share the attempt. */
function single(start: () => Promise<AuthResult>): () => Promise<AuthResult> {
  let running: Promise<AuthResult> | null = null;
  return () => {
    running ??= start().finally(() => {
      running = null;
    });
    return running;
  };
}

let signInReturnUrl = '/';
const runSignIn = single(async () => {
  const returnUrl = signInReturnUrl;
  await initSession();
  if (session.status === 'signedIn') return { status: 'success', returnUrl };
  let manager: UserManager;
  try {
    manager = await userManager();
  } catch (error) {
    return { status: 'fail', message: error instanceof Error ? error.message : SIGN_IN_ERROR };
  }
  // Silent first: the server answers login_required when it has no sign-in session.
  let user: User | null;
  try {
    user = await signinSilently(manager);
  } catch (error) {
    if (error instanceof RefusedAnswer) return { status: 'fail', message: error.message };
    user = null;
  }
  if (user) {
    try {
      await establish(user);
      return { status: 'success', returnUrl };
    } catch (error) {
      return { status: 'fail', message: messageOf(error, SIGN_IN_ERROR) };
    }
  }
  try {
    await checkIssuer(manager);
    await manager.signinRedirect({ state: { returnUrl }, nonce: newNonce() });
    return { status: 'redirect' };
  } catch (error) {
    return { status: 'fail', message: error instanceof Error && error.message ? error.message : SIGN_IN_ERROR };
  }
});

/** Signs in and says where to go next; `returnUrl` is a same-origin path checked by the caller. */
export function signIn(returnUrl: string): Promise<AuthResult> {
  signInReturnUrl = returnUrl;
  return runSignIn();
}

const callbacks = new Map<string, Promise<AuthResult>>();

/** Completes a redirect sign-in at the callback URL; one attempt per URL, as its state is single-use. */
export function completeSignIn(url: string = window.location.href): Promise<AuthResult> {
  let result = callbacks.get(url);
  if (!result) {
    result = (async (): Promise<AuthResult> => {
      try {
        // The stored session is checked first, so that check cannot undo this sign-in.
        await initSession();
        const manager = await userManager();
        const user = await manager.signinCallback(url);
        if (!user) return { status: 'fail', message: SIGN_IN_ERROR };
        await establish(await checkedUser(manager, user));
        return { status: 'success', returnUrl: returnUrlFromState(user.state, '/') };
      } catch (error) {
        return { status: 'fail', message: messageOf(error, SIGN_IN_ERROR) };
      }
    })();
    callbacks.set(url, result);
  }
  return result;
}

let signOutReturnUrl = LOGGED_OUT_PATH;
const runSignOut = single(async () => {
  const returnUrl = signOutReturnUrl;
  try {
    await initSession();
    const manager = await userManager();
    if (!(await manager.getUser()) && session.status !== 'signedIn') {
      clearSession();
      return { status: 'success', returnUrl };
    }
    // signoutRedirect forgets the stored user before it leaves.
    await manager.signoutRedirect({ state: { returnUrl } });
    return { status: 'redirect' };
  } catch (error) {
    return { status: 'fail', message: error instanceof Error && error.message ? error.message : UNKNOWN_ERROR };
  }
});

/** Signs out at the identity server, which comes back to the logout callback. */
export function signOut(returnUrl: string = LOGGED_OUT_PATH): Promise<AuthResult> {
  signOutReturnUrl = returnUrl;
  return runSignOut();
}

const signOutCallbacks = new Map<string, Promise<AuthResult>>();

/** Completes a redirect sign-out at the logout callback URL. */
export function completeSignOut(url: string = window.location.href): Promise<AuthResult> {
  let result = signOutCallbacks.get(url);
  if (!result) {
    result = (async (): Promise<AuthResult> => {
      try {
        await initSession();
        const manager = await userManager();
        const response = await manager.signoutCallback(url);
        await forgetUser();
        return { status: 'success', returnUrl: returnUrlFromState(response?.userState, LOGGED_OUT_PATH) };
      } catch (error) {
        clearSession();
        return { status: 'fail', message: messageOf(error, UNKNOWN_ERROR) };
      }
    })();
    signOutCallbacks.set(url, result);
  }
  return result;
}

/** Reads the signed-in user's profile again, after a change the server decides on (two-step sign-in turned on). */
export async function reloadProfile(): Promise<void> {
  if (session.user === null) return;
  session.profile = await loadProfile(session.user.subject);
}

/** Renews the access token without leaving the page; resolves to whether it worked. */
export async function refreshToken(): Promise<boolean> {
  try {
    const user = await signinSilently(await userManager());
    if (!user) return false;
    session.user = sessionUser(user);
    return true;
  } catch {
    return false;
  }
}
