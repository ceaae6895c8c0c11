/**
 * The signed-in staff member's session: kept in memory and in the
 * localStorage item `session` as {accessToken, userInfo}. A session counts as
 * present only when both the in-memory copy and the stored item exist, so
 * removing the item (for example from another tab) signs this tab out too.
 */
export const SESSION_STORAGE_KEY = 'session';

/** The staff profile answered by GET auth/me. */
export interface StaffProfile {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  phone?: string | null;
  sex?: string | null;
  /** File id of the photo, downloadable from GET files/:id. */
  photo?: number | string | null;
  status?: string;
  /** The panel language the staff member chose (en, sw, fr), null until they choose one. */
  locale?: string | null;
  role: {
    id?: number;
    name: string;
    permissions: { name: string }[];
  };
}

/** The profile plus `gender` (copied from `sex`) and `fullName`. */
export interface UserInfo extends StaffProfile {
  gender: string | null;
  fullName: string;
}

export interface Session {
  accessToken: string;
  userInfo: UserInfo;
}

export function buildUserInfo(profile: StaffProfile): UserInfo {
  return {
    ...profile,
    gender: profile.sex ?? null,
    fullName: [profile.firstName, profile.lastName].join(' '),
  };
}

type Listener = () => void;

let current: Session | null = null;
const listeners = new Set<Listener>();

function storage(): Storage | undefined {
  return typeof globalThis.localStorage === 'undefined' ? undefined : globalThis.localStorage;
}

function isSession(value: unknown): value is Session {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<Session>;
  return (
    typeof candidate.accessToken === 'string' && typeof candidate.userInfo === 'object' && candidate.userInfo !== null
  );
}

function notify() {
  for (const listener of listeners) listener();
}

/** Reads the stored item into memory (done once at start; exposed for tests). */
export function loadSessionFromStorage(): Session | null {
  const raw = storage()?.getItem(SESSION_STORAGE_KEY) ?? null;
  current = null;
  if (raw !== null) {
    try {
      const parsed: unknown = JSON.parse(raw);
      if (isSession(parsed)) current = parsed;
    } catch {
      // A corrupt item is no session.
    }
    if (current === null) storage()?.removeItem(SESSION_STORAGE_KEY);
  }
  notify();
  return current;
}

/** The session, or null unless both the in-memory copy and the stored item exist. */
export function getSession(): Session | null {
  if (current === null) return null;
  return storage()?.getItem(SESSION_STORAGE_KEY) != null ? current : null;
}

export const hasSession = (): boolean => getSession() !== null;

export function setSession(session: Session): void {
  current = session;
  storage()?.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
  notify();
}

export function clearSession(): void {
  const hadSession = current !== null || storage()?.getItem(SESSION_STORAGE_KEY) != null;
  current = null;
  storage()?.removeItem(SESSION_STORAGE_KEY);
  if (hadSession) notify();
}

/** Called whenever the session may have changed (set, cleared, or the stored item changed elsewhere). */
export function subscribeToSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === SESSION_STORAGE_KEY || event.key === null) notify();
  });
}

loadSessionFromStorage();
