// The one fake API of the unit tests: `fetch` answered by routes typed from the OpenAPI document,
// with every call recorded.
import { vi } from 'vitest';
import type { paths } from '@/api/schema';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** One call the app made: its method, URL (with the query) and parsed JSON body. */
export interface Call {
  method: Method;
  url: string;
  body: unknown;
}

type Route = keyof paths;
type MethodOf<P extends Route> = {
  [M in Method]: paths[P][Lowercase<M> & keyof paths[P]] extends { responses: unknown } ? M : never;
}[Method];
type Operation<P extends Route, M extends Method> = paths[P][Lowercase<M> & keyof paths[P]];
type Json<R> = R extends { content: { 'application/json': infer B } } ? B : undefined;
type Success<O> = O extends { responses: infer R }
  ? 200 extends keyof R
    ? Json<R[200]>
    : 201 extends keyof R
      ? Json<R[201]>
      : undefined
  : never;
type Input<O> = O extends { requestBody?: { content: { 'application/json': infer B } } } ? B : undefined;

/** What a route answers on success, as the test writes it. */
export type Answer<P extends Route, M extends Method> = Success<Operation<P, M>>;

/** What a handler gets: the call, the body typed as the route's input, and the path's parameters. */
export interface Request<P extends Route, M extends Method> extends Call {
  body: Input<Operation<P, M>>;
  params: Record<string, string>;
  query: URLSearchParams;
}

/** A handler answers with the route's success body, a Response of its own, or undefined to pass. */
type Reply<T> = T | Response | Promise<T | Response> | undefined;
type Handler = (call: Call, path: string, query: URLSearchParams) => Reply<unknown>;

export function json(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** The server's error shape: `message`, and field errors when given. */
export function failure(status: number, message: string, errors?: Record<string, string[]>): Response {
  return json(status, errors ? { message, errors } : { message });
}

/** The answer of a delete, for a handler that does something first. */
export function noContent(): Response {
  return new Response(null, { status: 204 });
}

/** A page of a search, all on one page. */
export function page<T>(items: T[]) {
  return { pageItems: items, currentPage: 1, pageSize: 10, totalPages: 1, totalItems: items.length };
}

/** An answer a test sends when it chooses, to see what shows while a call is under way. */
export function held(): { reply: Promise<Response>; send: (response: Response) => void } {
  let send: (response: Response) => void = () => {};
  const reply = new Promise<Response>((resolve) => (send = resolve));
  return { reply, send };
}

const SUCCESS: Record<Method, number> = { GET: 200, PUT: 200, POST: 201, DELETE: 204 };

function pattern(route: string): RegExp {
  // Ids are numbers, so `/api/Clubs/{id}` does not take `/api/Clubs/search`.
  const source = route
    .replace(/[.*+?^$()|[\]\\]/g, '\\$&')
    .replace(/\{(\w+)\}/g, (_, name: string) => (name === 'id' || name.endsWith('Id') ? `(?<${name}>\\d+)` : `(?<${name}>[^/]+)`));
  return new RegExp(`^${source}$`);
}

export class FakeApi {
  /** Every call, in order. */
  readonly calls: Call[] = [];
  private readonly handlers: Handler[] = [];
  readonly fetch = vi.fn(async (url: string, init: RequestInit = {}) => {
    const method = (init.method ?? 'GET') as Method;
    const body = init.body ? (JSON.parse(String(init.body)) as unknown) : undefined;
    const call = { method, url, body };
    this.calls.push(call);
    const [path = '', search = ''] = url.split('?');
    // The newest handler first, so a test's own answers override the shared ones.
    for (const handler of [...this.handlers].reverse()) {
      const answer = await handler(call, path, new URLSearchParams(search));
      if (answer instanceof Response) return answer;
      if (answer !== undefined) return json(SUCCESS[method], answer);
    }
    return this.otherwise(call);
  });
  /** The answer to a call no route takes; a 404 in the server's shape unless a test says otherwise. */
  otherwise: (call: Call) => Response | Promise<Response> = () => failure(404, 'Not found.');

  /** The writes (every call but GET), in order. */
  get writes(): Call[] {
    return this.calls.filter((call) => call.method !== 'GET');
  }

  /** The URLs read (GET), in order. */
  get reads(): string[] {
    return this.urls('GET');
  }

  /** Every call as "METHOD url", in order. */
  get log(): string[] {
    return this.calls.map((call) => `${call.method} ${call.url}`);
  }

  urls(method: Method): string[] {
    return this.calls.filter((call) => call.method === method).map((call) => call.url);
  }

  /**
   * Answers `method route` (a path of the OpenAPI document, `{id}` and the like matching one
   * segment): with `answer` itself, or what it returns for the request (undefined passes the call
   * on). Without an answer, the route succeeds with no body.
   */
  on<P extends Route, M extends MethodOf<P>>(
    method: M,
    route: P,
    answer?: Answer<P, M> | ((request: Request<P, M>) => Reply<Answer<P, M>>),
  ): this {
    const matcher = pattern(route);
    this.handlers.push((call, path, query) => {
      const found = call.method === method ? matcher.exec(path) : null;
      if (!found) return undefined;
      const request = { ...call, params: { ...found.groups }, query } as Request<P, M>;
      if (answer === undefined) return method === 'POST' ? new Response(null, { status: 201 }) : noContent();
      return typeof answer === 'function' ? (answer as (request: Request<P, M>) => Reply<unknown>)(request) : answer;
    });
    return this;
  }

  /** Answers any call `handler` takes (URLs outside the API, failures by method): untyped. */
  handle(handler: (call: Call) => Reply<unknown>): this {
    this.handlers.push(handler);
    return this;
  }
}

/** Replaces `fetch` with a new fake API for this test (test-setup restores it after each). */
export function fakeApi(): FakeApi {
  const fake = new FakeApi();
  vi.stubGlobal('fetch', fake.fetch);
  return fake;
}
