import { translateErrorBody } from '../i18n/translateMessage';

/**
 * The one shape of a failed request: {status, message, body}. A status
 * outside 200–299 carries the server's message (or a generic one) and the
 * response body; anything that did not come from an HTTP answer is status 500
 * with `An unexpected error occurred`.
 */
export const UNEXPECTED_ERROR_MESSAGE = 'An unexpected error occurred';
export const NETWORK_ERROR_MESSAGE = 'Network error';
/** The messages (besides any 401) that mean the session is over. */
export const AUTH_EXPIRY_MESSAGES: readonly string[] = ['UnAuthenticated', 'Login Timeout'];

export const genericHttpMessage = (status: number) => `Request failed with status ${status}`;

export class HttpFailure extends Error {
  readonly status: number;
  readonly body: unknown;
  /** True when the request never got an answer (network down, server unreachable). */
  readonly noResponse: boolean;

  constructor(status: number, message: string, body: unknown = undefined, noResponse = false) {
    super(message);
    this.name = 'HttpFailure';
    this.status = status;
    this.body = body;
    this.noResponse = noResponse;
  }
}

/** The `message` of an error body such as {message, errors?}, when there is one. */
export function serverMessage(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const message = (body as { message?: unknown }).message;
  return typeof message === 'string' && message.trim() !== '' ? message : undefined;
}

/** A refusal, its messages in the staff member's language (src/i18n/translateMessage.ts). */
export function failureFromResponse(status: number, body: unknown): HttpFailure {
  const translated = translateErrorBody(body);
  return new HttpFailure(status, serverMessage(translated) ?? genericHttpMessage(status), translated);
}

/** Normalises anything thrown on the way (fetch rejection, bad JSON, bug) to status 500. */
export function failureFromThrown(error: unknown): HttpFailure {
  if (error instanceof HttpFailure) return error;
  // fetch rejects with a TypeError when no answer arrives.
  const noResponse = error instanceof TypeError;
  return new HttpFailure(500, UNEXPECTED_ERROR_MESSAGE, undefined, noResponse);
}

export function isAbortError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}

/** A 401, or the message `UnAuthenticated` or `Login Timeout`: the session is over. */
export function isAuthExpiry(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { status, message } = error as { status?: unknown; message?: unknown };
  return status === 401 || (typeof message === 'string' && AUTH_EXPIRY_MESSAGES.includes(message));
}

/** What the auth forms show: `Network error` without an answer, else the server's message, else the error's. */
export function authFormErrorMessage(error: unknown): string {
  if (error instanceof HttpFailure && error.noResponse) return NETWORK_ERROR_MESSAGE;
  const fromServer = error instanceof HttpFailure ? serverMessage(error.body) : undefined;
  if (fromServer) return fromServer;
  if (error instanceof Error && error.message) return error.message;
  return UNEXPECTED_ERROR_MESSAGE;
}

/** The field messages of a refused write (`errors` of the error body), for a form to show under its fields. */
export function fieldErrorsOf(error: unknown): Record<string, string> | undefined {
  if (!(error instanceof HttpFailure) || typeof error.body !== 'object' || error.body === null) return undefined;
  const errors = (error.body as { errors?: unknown }).errors;
  return typeof errors === 'object' && errors !== null && Object.keys(errors).length > 0
    ? (errors as Record<string, string>)
    : undefined;
}
