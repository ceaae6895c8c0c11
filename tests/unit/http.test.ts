import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  HttpFailure,
  NETWORK_ERROR_MESSAGE,
  UNEXPECTED_ERROR_MESSAGE,
  authFormErrorMessage,
  forgetReportedFailures,
  isAuthExpiry,
  requestBlob,
  requestJson,
  simpleRestHttpClient,
  subscribeToFailures,
  wasRecentlyReported,
} from '../../src/http';
import { clearSession, loadSessionFromStorage, setSession } from '../../src/session';
import { stubFetch } from './support/fetchStub';
import { MemoryStorage } from './support/memoryStorage';
import { sessionOf, superAdminProfile } from './support/staffFixtures';

let reported: HttpFailure[];
let unsubscribe: () => void;

beforeEach(() => {
  vi.stubGlobal('localStorage', new MemoryStorage());
  loadSessionFromStorage();
  reported = [];
  unsubscribe = subscribeToFailures((failure) => reported.push(failure));
  forgetReportedFailures();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  unsubscribe();
  clearSession();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function failureOf(promise: Promise<unknown>): Promise<HttpFailure> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(HttpFailure);
  return error as HttpFailure;
}

describe('requests', () => {
  it('send the session token as a bearer token', async () => {
    const api = stubFetch({ 'GET /api/user/staffs': { json: [] } });
    setSession(sessionOf(superAdminProfile, 'session-token'));
    await requestJson('/api/user/staffs');
    expect(api.requests[0].headers.get('Authorization')).toBe('Bearer session-token');
  });

  it('send a given token instead of the session one, and none without either', async () => {
    const api = stubFetch({ 'GET /api/user/auth/me': { json: { data: {} } } });
    await requestJson('/api/user/auth/me');
    expect(api.requests[0].headers.has('Authorization')).toBe(false);
    await requestJson('/api/user/auth/me', { token: 'fresh' });
    expect(api.requests[1].headers.get('Authorization')).toBe('Bearer fresh');
  });

  it('send JSON bodies with the JSON content type', async () => {
    const api = stubFetch({ 'POST /api/user/auth/login': { json: { data: { accessToken: 't' } } } });
    const answer = await requestJson('/api/user/auth/login', {
      method: 'POST',
      json: { email: 'a@b.c', password: 'x' },
    });
    expect(api.requests[0].headers.get('Content-Type')).toBe('application/json');
    expect(api.requests[0].body).toEqual({ email: 'a@b.c', password: 'x' });
    expect(answer).toMatchObject({ status: 200, json: { data: { accessToken: 't' } } });
  });

  it('read blobs', async () => {
    stubFetch({ 'GET /api/user/files/3': { blob: new Blob(['png-bytes'], { type: 'image/png' }) } });
    const blob = await requestBlob('/api/user/files/3');
    expect(await blob.text()).toBe('png-bytes');
  });
});

describe('failures', () => {
  it('are any status outside 200–299, with the server message and body', async () => {
    const body = { message: 'Missing permission view-Staff' };
    stubFetch({ 'GET /api/user/staffs': { status: 403, json: body } });
    const failure = await failureOf(requestJson('/api/user/staffs'));
    expect(failure).toMatchObject({ status: 403, message: 'Missing permission view-Staff', body, noResponse: false });
  });

  it('carry a generic message when the server gives none', async () => {
    stubFetch({ 'GET /api/user/staffs': { status: 502, text: '<html>Bad gateway</html>' } });
    const failure = await failureOf(requestJson('/api/user/staffs'));
    expect(failure).toMatchObject({
      status: 502,
      message: 'Request failed with status 502',
      body: '<html>Bad gateway</html>',
    });
  });

  it('that do not come from HTTP are status 500 `An unexpected error occurred`', async () => {
    stubFetch({ 'GET /api/user/staffs': { networkError: true } });
    const failure = await failureOf(requestJson('/api/user/staffs'));
    expect(failure).toMatchObject({
      status: 500,
      message: UNEXPECTED_ERROR_MESSAGE,
      body: undefined,
      noResponse: true,
    });

    stubFetch({ 'GET /api/user/staffs': { text: 'not json' } });
    const parseFailure = await failureOf(requestJson('/api/user/staffs'));
    expect(parseFailure).toMatchObject({ status: 500, message: UNEXPECTED_ERROR_MESSAGE, noResponse: false });
  });

  it('are logged to the console', async () => {
    stubFetch({ 'GET /api/user/staffs': { status: 500, json: { message: 'Boom' } } });
    await failureOf(requestJson('/api/user/staffs'));
    expect(console.error).toHaveBeenCalledWith(expect.stringContaining('GET /api/user/staffs failed: 500 Boom'), {
      message: 'Boom',
    });
  });

  it('open the error dialog, unless the caller is silent or the session expired', async () => {
    const api = stubFetch({ 'GET /api/user/staffs': { status: 500, json: { message: 'Boom' } } });
    await failureOf(requestJson('/api/user/staffs'));
    await failureOf(requestJson('/api/user/staffs', { silent: true }));
    api.on('GET /api/user/staffs', { status: 401, json: { message: 'UnAuthenticated' } });
    await failureOf(requestJson('/api/user/staffs'));
    api.on('GET /api/user/staffs', { status: 401, json: { message: 'Login Timeout' } });
    await failureOf(requestJson('/api/user/staffs'));
    expect(reported.map((failure) => failure.message)).toEqual(['Boom']);
    expect(wasRecentlyReported('Boom')).toBe(true);
    expect(wasRecentlyReported('Boom', Date.now() + 60_000)).toBe(false);
  });

  it('let aborts through untouched and unlogged', async () => {
    stubFetch({ 'GET /api/user/staffs': { json: [] } });
    const controller = new AbortController();
    controller.abort();
    await expect(requestJson('/api/user/staffs', { signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(console.error).not.toHaveBeenCalled();
    expect(reported).toEqual([]);
  });
});

describe('isAuthExpiry', () => {
  it.each([
    [{ status: 401, message: 'anything' }, true],
    [{ status: 400, message: 'UnAuthenticated' }, true],
    [{ status: 403, message: 'Login Timeout' }, true],
    [new HttpFailure(401, 'Invalid email or password'), true],
    [{ status: 403, message: 'Missing permission view-Staff' }, false],
    [{ status: 500, message: UNEXPECTED_ERROR_MESSAGE }, false],
    [new Error('UnAuthenticated'), true],
    [undefined, false],
    ['UnAuthenticated', false],
  ])('%o -> %s', (error, expected) => {
    expect(isAuthExpiry(error)).toBe(expected);
  });
});

describe('authFormErrorMessage', () => {
  it('says `Network error` when there was no answer', () => {
    expect(authFormErrorMessage(new HttpFailure(500, UNEXPECTED_ERROR_MESSAGE, undefined, true))).toBe(
      NETWORK_ERROR_MESSAGE,
    );
  });

  it("else gives the server's message", () => {
    expect(authFormErrorMessage(new HttpFailure(401, 'x', { message: 'Invalid email or password' }))).toBe(
      'Invalid email or password',
    );
  });

  it("else the error's message", () => {
    expect(authFormErrorMessage(new HttpFailure(500, 'Request failed with status 500', '<html>'))).toBe(
      'Request failed with status 500',
    );
    expect(authFormErrorMessage(new Error('Something broke'))).toBe('Something broke');
    expect(authFormErrorMessage('weird')).toBe(UNEXPECTED_ERROR_MESSAGE);
  });
});

describe("simple-rest's httpClient", () => {
  it('keeps react-admin headers and sends its JSON string bodies as JSON', async () => {
    const api = stubFetch({ 'PUT /api/trip/discounts/4': { json: { id: 4, code: 'X' } } });
    setSession(sessionOf(superAdminProfile, 'tok'));
    const answer = await simpleRestHttpClient('/api/trip/discounts/4', {
      method: 'PUT',
      body: JSON.stringify({ code: 'X' }),
      headers: new Headers({ Range: 'discounts=0-9' }),
    });
    const [request] = api.requests;
    expect(request.headers.get('Content-Type')).toBe('application/json');
    expect(request.headers.get('Range')).toBe('discounts=0-9');
    expect(request.headers.get('Authorization')).toBe('Bearer tok');
    expect(answer.json).toEqual({ id: 4, code: 'X' });
  });
});
