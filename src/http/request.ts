import { getSession } from '../session';
import { reportFailure } from './failureReports';
import { HttpFailure, failureFromResponse, failureFromThrown, isAbortError, isAuthExpiry } from './httpFailure';

export interface RequestOptions {
  method?: string;
  /** A value to send as JSON (sets the JSON content type). */
  json?: unknown;
  /** An already serialised body (react-admin's simple-rest client sends JSON strings). */
  body?: BodyInit | null;
  headers?: HeadersInit;
  /** Bearer token to send instead of the session's, e.g. right after login. */
  token?: string;
  /** The caller shows the failure itself, so no error dialog opens. */
  silent?: boolean;
  signal?: AbortSignal;
}

export interface JsonResponse<T> {
  status: number;
  headers: Headers;
  body: string;
  json: T;
}

function buildInit(options: RequestOptions): RequestInit {
  const headers = new Headers(options.headers);
  const token = options.token ?? getSession()?.accessToken;
  if (token && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`);

  let body = options.body;
  if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers.set('Content-Type', 'application/json');
  } else if (typeof body === 'string' && !headers.has('Content-Type')) {
    // The services parse JSON bodies only; react-admin's writes are JSON strings.
    headers.set('Content-Type', 'application/json');
  }
  // same-origin: the sign-in routes' device cookie (httpOnly, set by the server) goes with them.
  return { method: options.method ?? 'GET', headers, body, signal: options.signal, credentials: 'same-origin' };
}

function parseJson(text: string): unknown {
  return text === '' ? null : JSON.parse(text);
}

async function readErrorBody(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  try {
    return parseJson(text);
  } catch {
    return text === '' ? undefined : text;
  }
}

/**
 * A refused write that names its fields (`{message, errors}`): the form shows
 * each message under its field, so no dialog opens on top of it.
 */
export function isFieldValidationFailure(method: string | undefined, failure: HttpFailure): boolean {
  if ((method ?? 'GET').toUpperCase() === 'GET') return false;
  if (failure.status < 400 || failure.status > 499 || typeof failure.body !== 'object' || failure.body === null)
    return false;
  const errors = (failure.body as { errors?: unknown }).errors;
  return typeof errors === 'object' && errors !== null && Object.keys(errors).length > 0;
}

function logFailure(method: string, url: string, failure: HttpFailure) {
  console.error(`[http] ${method} ${url} failed: ${failure.status} ${failure.message}`, failure.body ?? '');
}

/**
 * Sends a request with the session's bearer token and reads the answer with
 * `read`. Every failure becomes an HttpFailure, is logged, and (unless the
 * caller is `silent`, the session expired, or a form gets field messages) is
 * reported to the error dialog.
 */
async function send<T>(url: string, options: RequestOptions, read: (response: Response) => Promise<T>): Promise<T> {
  const init = buildInit(options);
  try {
    const response = await fetch(url, init);
    if (response.status < 200 || response.status > 299) {
      throw failureFromResponse(response.status, await readErrorBody(response));
    }
    return await read(response);
  } catch (error) {
    if (isAbortError(error)) throw error;
    const failure = failureFromThrown(error);
    logFailure(init.method ?? 'GET', url, failure);
    if (!options.silent && !isAuthExpiry(failure) && !isFieldValidationFailure(init.method, failure))
      reportFailure(failure);
    throw failure;
  }
}

export function requestJson<T = unknown>(url: string, options: RequestOptions = {}): Promise<JsonResponse<T>> {
  return send(url, options, async (response) => {
    const body = await response.text();
    return { status: response.status, headers: response.headers, body, json: parseJson(body) as T };
  });
}

export function requestBlob(url: string, options: RequestOptions = {}): Promise<Blob> {
  return send(url, options, (response) => response.blob());
}

/** The `httpClient` signature that ra-data-simple-rest expects. */
export function simpleRestHttpClient(url: string, options: RequestInit = {}): Promise<JsonResponse<unknown>> {
  return requestJson(url, {
    method: options.method,
    body: options.body,
    headers: options.headers,
    signal: options.signal ?? undefined,
  });
}
