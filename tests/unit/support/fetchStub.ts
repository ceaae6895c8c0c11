import { vi } from 'vitest';

/** A request as the stub saw it. */
export interface RecordedRequest {
  method: string;
  url: string;
  /** The path without the query string, e.g. /api/user/auth/login. */
  path: string;
  query: URLSearchParams;
  headers: Headers;
  /** The JSON body, parsed (or the raw text when it is not JSON). */
  body: unknown;
}

export interface StubAnswer {
  status?: number;
  json?: unknown;
  text?: string;
  blob?: Blob;
  headers?: Record<string, string>;
  /** Reject like fetch does when no answer arrives. */
  networkError?: boolean;
  /** Wait for this before answering (to observe pending states). */
  until?: Promise<unknown>;
}

export type StubRoute = StubAnswer | ((request: RecordedRequest) => StubAnswer | Promise<StubAnswer>);

/**
 * Replaces the global fetch (the network boundary) with answers keyed by
 * "METHOD /path", or by "*" for any other request. Unknown requests get
 * 404 {message: 'Not Found'}.
 */
export function stubFetch(routes: Record<string, StubRoute> = {}) {
  const requests: RecordedRequest[] = [];
  const table = new Map(Object.entries(routes));

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const parsed = new URL(url, 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const rawBody = typeof init.body === 'string' ? init.body : undefined;
    let body: unknown = rawBody;
    if (rawBody !== undefined) {
      try {
        body = JSON.parse(rawBody);
      } catch {
        body = rawBody;
      }
    }
    const request: RecordedRequest = {
      method,
      url,
      path: parsed.pathname,
      query: parsed.searchParams,
      headers: new Headers(init.headers),
      body,
    };
    requests.push(request);

    const route = table.get(`${method} ${parsed.pathname}`) ?? table.get('*');
    const answer: StubAnswer =
      route === undefined
        ? { status: 404, json: { message: 'Not Found' } }
        : typeof route === 'function'
          ? await route(request)
          : route;
    if (answer.until) await answer.until;
    if (init.signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
    if (answer.networkError) throw new TypeError('Failed to fetch');

    const headers = new Headers(answer.headers);
    let payload: BodyInit | null = null;
    if (answer.blob) payload = answer.blob;
    else if (answer.text !== undefined) payload = answer.text;
    else if (answer.json !== undefined) {
      payload = JSON.stringify(answer.json);
      if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
    }
    return new Response(payload, { status: answer.status ?? 200, headers });
  });

  vi.stubGlobal('fetch', fetchMock);

  return {
    fetch: fetchMock,
    requests,
    /** Adds or replaces a route. */
    on(key: string, route: StubRoute) {
      table.set(key, route);
    },
    /** The requests made to "METHOD /path". */
    to(key: string) {
      return requests.filter((request) => `${request.method} ${request.path}` === key);
    },
  };
}

export type FetchStub = ReturnType<typeof stubFetch>;

/** A promise with its resolve function, to hold an answer back. */
export function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}
