import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAuthProvider, type PanelAuthProvider } from '../../src/authProvider';
import { P } from '../../src/domain/permissions';
import { HttpFailure, subscribeToFailures } from '../../src/http';
import { createResourceLookup } from '../../src/resources/resourceLookup';
import { SESSION_STORAGE_KEY, getSession, loadSessionFromStorage, setSession } from '../../src/session';
import { stubFetch, type FetchStub } from './support/fetchStub';
import { MemoryStorage } from './support/memoryStorage';
import { dispatcherProfile, sessionOf, superAdminProfile } from './support/staffFixtures';

const lookup = createResourceLookup([
  { name: 'staffs', service: 'user', path: 'staff-management/staffs' },
  { name: 'trips', service: 'trip', path: 'trip-management/trips' },
]);

let storage: MemoryStorage;
let clearCachedData: ReturnType<typeof vi.fn>;
let authProvider: PanelAuthProvider;
let api: FetchStub;
let reported: HttpFailure[];
let unsubscribe: () => void;

beforeEach(() => {
  storage = new MemoryStorage();
  vi.stubGlobal('localStorage', storage);
  loadSessionFromStorage();
  clearCachedData = vi.fn();
  authProvider = createAuthProvider({
    clearCachedData,
    backendResourceName: (resource) => lookup.find(resource)?.name,
  });
  api = stubFetch();
  reported = [];
  unsubscribe = subscribeToFailures((failure) => reported.push(failure));
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  unsubscribe();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const signIn = (profile = superAdminProfile, token = 'token-1') => setSession(sessionOf(profile, token));

describe('login', () => {
  beforeEach(() => {
    api.on('POST /api/user/auth/login', { json: { data: { accessToken: 'new-token' } } });
    api.on('GET /api/user/auth/me', { json: { data: superAdminProfile } });
  });

  it('posts the credentials as JSON, fetches auth/me with the new token and stores the session', async () => {
    await authProvider.login({ email: 'admin@example.com', password: 'Admin@1234' });

    const [login] = api.to('POST /api/user/auth/login');
    expect(login.body).toEqual({ email: 'admin@example.com', password: 'Admin@1234' });
    expect(login.headers.get('Content-Type')).toBe('application/json');
    const [me] = api.to('GET /api/user/auth/me');
    expect(me.headers.get('Authorization')).toBe('Bearer new-token');
    expect(getSession()).toEqual({
      accessToken: 'new-token',
      userInfo: { ...superAdminProfile, gender: 'female', fullName: 'Ada Admin' },
    });
    expect(JSON.parse(storage.getItem(SESSION_STORAGE_KEY) ?? 'null').accessToken).toBe('new-token');
  });

  it('takes the profile the login answers with, asks no auth/me, then starts the first screen', async () => {
    api.on('POST /api/user/auth/login', { json: { data: { accessToken: 'new-token', profile: superAdminProfile } } });
    const onSignedIn = vi.fn(() => expect(getSession()?.accessToken).toBe('new-token'));
    const provider = createAuthProvider({ clearCachedData, backendResourceName: () => undefined, onSignedIn });
    await provider.login({ email: 'admin@example.com', password: 'Admin@1234' });
    expect(api.to('GET /api/user/auth/me')).toHaveLength(0);
    expect(getSession()).toEqual({
      accessToken: 'new-token',
      userInfo: { ...superAdminProfile, gender: 'female', fullName: 'Ada Admin' },
    });
    expect(onSignedIn).toHaveBeenCalledOnce();
  });

  it('accepts an access token obtained by another flow', async () => {
    await authProvider.login({ accessToken: 'from-reset' });
    expect(api.to('POST /api/user/auth/login')).toHaveLength(0);
    expect(api.to('GET /api/user/auth/me')[0].headers.get('Authorization')).toBe('Bearer from-reset');
    expect(getSession()?.accessToken).toBe('from-reset');
  });

  it("fails with the server's message, stores nothing and opens no dialog", async () => {
    api.on('POST /api/user/auth/login', { status: 401, json: { message: 'Invalid email or password' } });
    await expect(authProvider.login({ email: 'admin@example.com', password: 'nope' })).rejects.toMatchObject({
      status: 401,
      message: 'Invalid email or password',
    });
    expect(getSession()).toBeNull();
    expect(reported).toEqual([]);
  });
});

describe('logout', () => {
  it('posts auth/logout with the bearer token and clears the session on 200', async () => {
    signIn();
    api.on('POST /api/user/auth/logout', { json: { data: null } });
    await expect(authProvider.logout({})).resolves.toBe(false);
    expect(api.to('POST /api/user/auth/logout')[0].headers.get('Authorization')).toBe('Bearer token-1');
    expect(getSession()).toBeNull();
  });

  it('keeps the session when the server refuses (and the failure is reported)', async () => {
    signIn();
    api.on('POST /api/user/auth/logout', { status: 500, json: { message: 'Database down' } });
    await expect(authProvider.logout({})).rejects.toMatchObject({ status: 500 });
    expect(getSession()).not.toBeNull();
    expect(reported.map((failure) => failure.message)).toEqual(['Database down']);
  });

  it('keeps the session on a success other than 200', async () => {
    signIn();
    api.on('POST /api/user/auth/logout', { status: 204 });
    await expect(authProvider.logout({})).rejects.toThrow('Logout answered with status 204');
    expect(getSession()).not.toBeNull();
  });

  it('clears the session when the token is no longer accepted', async () => {
    signIn();
    api.on('POST /api/user/auth/logout', { status: 401, json: { message: 'Login Timeout' } });
    await expect(authProvider.logout({})).resolves.toBe(false);
    expect(getSession()).toBeNull();
  });

  it('sends nothing without a session', async () => {
    await expect(authProvider.logout({})).resolves.toBe(false);
    expect(api.requests).toHaveLength(0);
  });
});

describe('checkAuth', () => {
  it('passes with a session', async () => {
    signIn();
    await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
  });

  it('fails silently without one', async () => {
    await expect(authProvider.checkAuth({})).rejects.toEqual({ message: false });
  });
});

describe('checkError', () => {
  it.each([
    ['a 401', new HttpFailure(401, 'Request failed with status 401')],
    ['UnAuthenticated', new HttpFailure(401, 'UnAuthenticated', { message: 'UnAuthenticated' })],
    ['Login Timeout', new HttpFailure(401, 'Login Timeout', { message: 'Login Timeout' })],
    ['the UnAuthenticated message alone', { status: 400, message: 'UnAuthenticated' }],
    ['the Login Timeout message alone', { message: 'Login Timeout' }],
  ])('on %s clears the session and the cached data, silently', async (_, error) => {
    signIn();
    await expect(authProvider.checkError(error)).rejects.toEqual({ message: false });
    expect(getSession()).toBeNull();
    expect(storage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(clearCachedData).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['a 403', new HttpFailure(403, 'Missing permission view-Staff')],
    ['a 500', new HttpFailure(500, 'An unexpected error occurred')],
    ['a 400', new HttpFailure(400, 'Unknown filter column')],
  ])('lets %s through and keeps the session', async (_, error) => {
    signIn();
    await expect(authProvider.checkError(error)).resolves.toBeUndefined();
    expect(getSession()).not.toBeNull();
    expect(clearCachedData).not.toHaveBeenCalled();
  });
});

describe('getIdentity', () => {
  it('gives the full name, the photo and the role', async () => {
    signIn();
    await expect(authProvider.getIdentity()).resolves.toEqual({
      id: 1,
      fullName: 'Ada Admin',
      firstName: 'Ada',
      lastName: 'Admin',
      photo: 42,
      roleName: 'Super Admin',
    });
  });

  it('fails without a session', async () => {
    await expect(authProvider.getIdentity()).rejects.toEqual({ message: false });
  });
});

describe('getPermissions', () => {
  it("gives the role's permission names", async () => {
    signIn(dispatcherProfile);
    await expect(authProvider.getPermissions({})).resolves.toEqual([P.viewTrip, P.viewPassenger, P.viewDispatcherPage]);
  });

  it('gives none without a session', async () => {
    await expect(authProvider.getPermissions({})).resolves.toEqual([]);
  });
});

describe('canAccess', () => {
  const canAccess = (resource: string, action: string) => authProvider.canAccess({ resource, action });

  it('maps react-admin resources and actions to permissions', async () => {
    signIn(dispatcherProfile);
    await expect(canAccess('trip-management/trips', 'list')).resolves.toBe(true);
    await expect(canAccess('trip-management/trips', 'show')).resolves.toBe(true);
    await expect(canAccess('trip-management/trips', 'edit')).resolves.toBe(false);
    await expect(canAccess('staff-management/staffs', 'list')).resolves.toBe(false);
  });

  it('knows resources by their backend name too', async () => {
    signIn(dispatcherProfile);
    await expect(canAccess('trips', 'list')).resolves.toBe(true);
  });

  it('refuses unknown resources and everything without a session', async () => {
    signIn();
    await expect(canAccess('unknown', 'list')).resolves.toBe(false);
    await expect(canAccess('staff-management/staffs', 'delete')).resolves.toBe(true);
    setSession(sessionOf({ ...superAdminProfile, role: { name: 'Nobody', permissions: [] } }));
    await expect(canAccess('staff-management/staffs', 'list')).resolves.toBe(false);
  });
});
