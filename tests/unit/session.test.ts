import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  SESSION_STORAGE_KEY,
  buildUserInfo,
  clearSession,
  getSession,
  hasSession,
  loadSessionFromStorage,
  setSession,
  subscribeToSession,
} from '../../src/session';
import { MemoryStorage } from './support/memoryStorage';
import { sessionOf, superAdminProfile } from './support/staffFixtures';

let storage: MemoryStorage;

beforeEach(() => {
  storage = new MemoryStorage();
  vi.stubGlobal('localStorage', storage);
  loadSessionFromStorage();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('buildUserInfo', () => {
  it('adds gender copied from sex and the full name', () => {
    const userInfo = buildUserInfo(superAdminProfile);
    expect(userInfo).toMatchObject({ ...superAdminProfile, gender: 'female', fullName: 'Ada Admin' });
  });

  it('has a null gender when the profile has no sex', () => {
    expect(buildUserInfo({ ...superAdminProfile, sex: undefined }).gender).toBeNull();
  });
});

describe('session', () => {
  const session = sessionOf(superAdminProfile, 'abc');

  it('is absent at first', () => {
    expect(getSession()).toBeNull();
    expect(hasSession()).toBe(false);
  });

  it('is written to the localStorage item `session` as {accessToken, userInfo}', () => {
    setSession(session);
    expect(JSON.parse(storage.getItem(SESSION_STORAGE_KEY) ?? 'null')).toEqual(session);
    expect(getSession()).toEqual(session);
    expect(hasSession()).toBe(true);
  });

  it('is read from storage at start', () => {
    storage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
    expect(loadSessionFromStorage()).toEqual(session);
    expect(getSession()).toEqual(session);
  });

  it('counts as absent when the stored item was removed, even if memory still holds it', () => {
    setSession(session);
    storage.removeItem(SESSION_STORAGE_KEY);
    expect(getSession()).toBeNull();
  });

  it('counts as absent when only the stored item exists (not loaded in memory)', () => {
    clearSession();
    storage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
    expect(getSession()).toBeNull();
  });

  it('is cleared from memory and storage', () => {
    setSession(session);
    clearSession();
    expect(getSession()).toBeNull();
    expect(storage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('drops a corrupt stored item', () => {
    storage.setItem(SESSION_STORAGE_KEY, '{not json');
    expect(loadSessionFromStorage()).toBeNull();
    expect(storage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    storage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ accessToken: 1 }));
    expect(loadSessionFromStorage()).toBeNull();
  });

  it('tells its subscribers when it is set and cleared', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeToSession(listener);
    setSession(session);
    clearSession();
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    setSession(session);
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
