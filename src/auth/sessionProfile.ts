import { isAuthExpiry } from '../http';
import { queryClient } from '../queryClient';
import { buildUserInfo, clearSession, getSession, setSession, type StaffProfile } from '../session';
import { applyProfileLocale } from '../i18n/localePreference';
import { authApi } from './authApi';

/** Is this the profile auth/me describes (id, names, role with its permission names)? */
export function isStaffProfile(value: unknown): value is StaffProfile {
  if (typeof value !== 'object' || value === null) return false;
  const profile = value as Partial<StaffProfile>;
  return (
    typeof profile.id === 'number' &&
    Number.isFinite(profile.id) &&
    typeof profile.firstName === 'string' &&
    typeof profile.role === 'object' &&
    profile.role !== null &&
    Array.isArray(profile.role.permissions)
  );
}

/** Replaces the signed-in staff member's profile in the session (top bar, menu and canAccess follow). */
export function replaceSessionProfile(profile: StaffProfile): void {
  const session = getSession();
  if (session && session.userInfo.id === profile.id) setSession({ ...session, userInfo: buildUserInfo(profile) });
}

/**
 * Reads the profile again (auth/me) so that a role's new permissions show in
 * the menu without signing in again. A session the server has ended is
 * cleared like any 401; other failures keep the stored profile.
 */
export async function refreshSessionProfile(): Promise<void> {
  const token = getSession()?.accessToken;
  if (!token) return;
  try {
    const profile: unknown = await authApi.me(token);
    if (getSession()?.accessToken === token && isStaffProfile(profile)) {
      replaceSessionProfile(profile);
      applyProfileLocale(profile);
    }
  } catch (error) {
    if (isAuthExpiry(error) && getSession()?.accessToken === token) {
      clearSession();
      queryClient.clear();
    }
  }
}

let refreshedToken: string | undefined;

/** A profile just read with this token (at sign-in) needs no refresh on this page load. */
export function profileIsFresh(token: string): void {
  refreshedToken = token;
}

/** Refreshes the profile once per page load and token (a reload is how a role change reaches the menu). */
export function refreshSessionProfileOnce(): void {
  const token = getSession()?.accessToken;
  if (!token || token === refreshedToken) return;
  refreshedToken = token;
  void refreshSessionProfile();
}
