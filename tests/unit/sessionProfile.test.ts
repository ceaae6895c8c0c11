import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isStaffProfile, refreshSessionProfile, replaceSessionProfile } from '../../src/auth/sessionProfile';
import { P } from '../../src/domain/permissions';
import { getSession, loadSessionFromStorage, setSession } from '../../src/session';
import { stubFetch } from './support/fetchStub';
import { MemoryStorage } from './support/memoryStorage';
import { dispatcherProfile, sessionOf } from './support/staffFixtures';

beforeEach(() => {
  vi.stubGlobal('localStorage', new MemoryStorage());
  loadSessionFromStorage();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the session's profile", () => {
  it('takes a role change from auth/me without signing in again', async () => {
    setSession(sessionOf(dispatcherProfile, 'tok'));
    const changed = {
      ...dispatcherProfile,
      role: { ...dispatcherProfile.role, permissions: [{ name: P.viewDriver }] },
    };
    const api = stubFetch({ 'GET /api/user/auth/me': { json: { data: changed } } });
    await refreshSessionProfile();
    expect(api.to('GET /api/user/auth/me')[0].headers.get('Authorization')).toBe('Bearer tok');
    expect(getSession()?.accessToken).toBe('tok');
    expect(getSession()?.userInfo.role.permissions).toEqual([{ name: P.viewDriver }]);
  });

  it('ends a session the server has ended, and keeps it on other failures', async () => {
    setSession(sessionOf(dispatcherProfile, 'tok'));
    stubFetch({ 'GET /api/user/auth/me': { status: 500, json: { message: 'down' } } });
    await refreshSessionProfile();
    expect(getSession()?.userInfo.role.name).toBe('Dispatcher');

    stubFetch({ 'GET /api/user/auth/me': { status: 401, json: { message: 'UnAuthenticated' } } });
    await refreshSessionProfile();
    expect(getSession()).toBeNull();
  });

  it('ignores answers that are not a profile, and profiles of someone else', () => {
    expect(isStaffProfile({ id: Number.NaN, name: 'x' })).toBe(false);
    expect(isStaffProfile(dispatcherProfile)).toBe(true);
    setSession(sessionOf(dispatcherProfile, 'tok'));
    replaceSessionProfile({ ...dispatcherProfile, id: 99, firstName: 'Other' });
    expect(getSession()?.userInfo.firstName).toBe('Dan');
  });
});
