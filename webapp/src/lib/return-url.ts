/** Return URLs of sign-in and sign-out, and the paths of the authentication pages. */

export const LOGIN_PATH = '/authentication/login';
export const LOGIN_FAILED_PATH = '/authentication/login-failed';
export const LOGOUT_PATH = '/authentication/logout';
export const LOGGED_OUT_PATH = '/authentication/logged-out';
export const PROFILE_PATH = '/authentication/profile';

/**
 * Router state that marks a logout as started from within the page (spec 01 §5): the in-app
 * Logout link sets it, a typed or linked /authentication/logout lacks it.
 */
export const LOCAL_LOGOUT_STATE = { local: true } as const;

export function isLocalLogout(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { local?: unknown }).local === true;
}

export type ReturnUrl = { ok: true; path: string } | { ok: false };

/**
 * Checks a return URL against the page's origin (spec 01 §5). A missing one means `fallback`;
 * a relative or absolute URL of the same origin becomes its path, query and fragment; any other
 * origin (also `//host/...` and `javascript:`) is refused.
 */
export function resolveReturnUrl(raw: string | null | undefined, origin: string, fallback = '/'): ReturnUrl {
  if (raw === null || raw === undefined || raw === '') return { ok: true, path: fallback };
  let url: URL;
  try {
    url = new URL(raw, origin);
  } catch {
    return { ok: false };
  }
  if (url.origin !== origin) return { ok: false };
  return { ok: true, path: `${url.pathname}${url.search}${url.hash}` };
}

/** The login page that signs in and then comes back to `returnUrl` (a path with its query). */
export function loginPath(returnUrl?: string): string {
  return returnUrl === undefined || returnUrl === '/'
    ? LOGIN_PATH
    : `${LOGIN_PATH}?${new URLSearchParams({ returnUrl }).toString()}`;
}

/** The login-failed page showing `message`. */
export function loginFailedPath(message: string): string {
  return `${LOGIN_FAILED_PATH}?${new URLSearchParams({ message }).toString()}`;
}
