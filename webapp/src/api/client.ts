import type { Schemas } from '@/api/types';

export const UNEXPECTED_ERROR = 'An unexpected server error occurred.';

/** Field errors keyed by request-body field name, as the server sends them. */
export type FieldErrors = NonNullable<Schemas['ApiError']['errors']>;

/**
 * A failed API call. `message` is the server's message when the server answered with its
 * error shape, otherwise the generic unexpected-error text.
 */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly fieldErrors: FieldErrors;
  readonly responseText: string;
  readonly headers: Headers | undefined;

  constructor(message: string, status: number, fieldErrors: FieldErrors = {}, responseText = '', headers?: Headers) {
    super(message);
    this.name = 'ApiRequestError';
    this.status = status;
    this.fieldErrors = fieldErrors;
    this.responseText = responseText;
    this.headers = headers;
  }
}

function isApiErrorBody(value: unknown): value is Schemas['ApiError'] {
  return typeof value === 'object' && value !== null && typeof (value as { message?: unknown }).message === 'string';
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** How calls take part in the session; the session state registers these (see state/session.ts). */
export interface AuthHooks {
  /** The access token to send as `Authorization: Bearer`, when signed in. */
  accessToken: () => string | null;
  /** Called on every 401 answer: the session is gone and sign-in must start again. */
  onUnauthorized: () => void;
}

let authHooks: AuthHooks | null = null;

export function configureAuth(hooks: AuthHooks | null): void {
  authHooks = hooks;
}

/** Answers of a gateway that stands for the server: it was not reached either. */
const GATEWAY_DOWN = new Set([502, 503, 504]);

/** Whether a call failed for want of the server (no network, no answer) rather than by its refusal. */
export function isUnreachable(error: unknown): boolean {
  return error instanceof TypeError || (error instanceof ApiRequestError && (error.status === 0 || GATEWAY_DOWN.has(error.status)));
}

/**
 * Sends one JSON request with the session's access token. `expected` lists the success statuses of the call; 200 and 204 are
 * always accepted too. A 4xx answer in the server's error shape becomes an ApiRequestError with
 * the server's message and field errors; anything else is an unexpected server error.
 */
export async function apiRequest<T>(method: Method, path: string, body?: unknown, expected: number[] = [200]): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const token = authHooks?.accessToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (expected.includes(response.status) || response.status === 200 || response.status === 204) {
    return (text === '' ? undefined : parseJson(text)) as T;
  }
  if (response.status === 401) authHooks?.onUnauthorized();
  const parsed = parseJson(text);
  if (response.status >= 400 && response.status < 500 && isApiErrorBody(parsed)) {
    throw new ApiRequestError(parsed.message, response.status, parsed.errors ?? {}, text, response.headers);
  }
  throw new ApiRequestError(UNEXPECTED_ERROR, response.status, {}, text, response.headers);
}

export const api = {
  get: <T>(path: string) => apiRequest<T>('GET', path),
  post: <T>(path: string, body: unknown) => apiRequest<T>('POST', path, body, [201]),
  put: <T>(path: string, body: unknown) => apiRequest<T>('PUT', path, body, [200]),
  delete: (path: string) => apiRequest<void>('DELETE', path, undefined, [204]),
};

/** The toast text for a failed call: the server's message, or `fallback` when there was none. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiRequestError ? error.message : fallback;
}
