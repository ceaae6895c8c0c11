import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISPATCHER, startApp, type TestApp } from './harness.js';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startApp();
  admin = await t.login();
});
afterAll(() => t?.close());

describe("the server's refusals carry a code and parameters beside the English", () => {
  it('a wrong password, a missing or bad token, a missing permission', async () => {
    const wrong = await t.call('POST', '/api/user/auth/login', {
      body: { email: 'admin@example.com', password: 'Wrong#123' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: 'Invalid email or password', code: 'invalidCredentials', params: {} });

    const anonymous = await t.call('GET', '/api/trip/trips');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: 'UnAuthenticated', code: 'unauthenticated', params: {} });

    const dispatcher = await t.login(DISPATCHER.email, DISPATCHER.password);
    const denied = await t.call('GET', '/api/trip/driver-transactions', { token: dispatcher });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({
      message: 'Missing permission view-Driver',
      code: 'missingPermission',
      params: { permission: 'view-Driver' },
    });
  });

  it('a list query that is not JSON, an unknown route, a body the schema refuses', async () => {
    const range = await t.call('GET', '/api/trip/trips', { token: admin, query: { range: '[0,' } });
    expect(range.statusCode).toBe(400);
    expect(range.json()).toEqual({
      message: 'Query parameter "range" is not valid JSON',
      code: 'queryNotJson',
      params: { name: 'range' },
    });

    const nowhere = await t.call('GET', '/api/trip/no-such-thing', { token: admin });
    expect(nowhere.statusCode).toBe(404);
    expect(nowhere.json()).toMatchObject({ message: 'Not found', code: 'notFound' });

    const invalid = await t.call('POST', '/api/user/auth/login', { body: { password: 'x' } });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({
      code: 'required',
      params: { label: 'email' },
      errors: { email: 'email is required' },
      codes: { email: { code: 'required', params: { label: 'email' } } },
    });
  });
});
