import type { AuthProvider, UserIdentity } from 'ra-core';
import { authApi, type Credentials } from './auth/authApi';
import { profileIsFresh } from './auth/sessionProfile';
import { applyProfileLocale } from './i18n/localePreference';
import { canAccess as mayAccess } from './domain/permissions';
import { isAuthExpiry } from './http';
import { buildUserInfo, clearSession, getSession, setSession } from './session';

/**
 * login takes either the credentials of the login form, or an access token
 * already obtained by another flow (reset password, set password, verify email).
 */
export type LoginParams = Credentials | { accessToken: string };

export interface AuthProviderDependencies {
  /** Drops every cached query result (react-query's client). */
  clearCachedData: () => void;
  /** Maps a react-admin resource name to the backend resource that guards it. */
  backendResourceName: (resource: string) => string | undefined;
  /** Runs once the session is stored, before the first screen renders (e.g. to start its data). */
  onSignedIn?: () => void;
}

export interface StaffIdentity extends UserIdentity {
  firstName: string;
  lastName: string;
  /** File id of the photo, or null. */
  photo: number | string | null;
  roleName: string;
}

/** react-admin's AuthProvider, with the optional methods this panel implements made required. */
export type PanelAuthProvider = AuthProvider &
  Required<Pick<AuthProvider, 'getIdentity' | 'getPermissions' | 'canAccess'>> & {
    /** canAccess answered at once: the session's permissions are in memory (useMayOpen: links and buttons draw no loading state). */
    mayOpen: (params: { resource: string; action: string }) => boolean;
  };

export const grantedPermissions = (): string[] =>
  getSession()?.userInfo.role.permissions.map((permission) => permission.name) ?? [];

/**
 * Signing out never redirects by itself: the session is the single source of
 * truth and the route guard (RequireSession) replaces the location with
 * /login as soon as it disappears.
 */
export function createAuthProvider({
  clearCachedData,
  backendResourceName,
  onSignedIn,
}: AuthProviderDependencies): PanelAuthProvider {
  const mayOpen = ({ resource, action }: { resource: string; action: string }) => {
    const backendName = backendResourceName(resource);
    return backendName !== undefined && mayAccess(grantedPermissions(), backendName, action);
  };
  return {
    async login(params: LoginParams) {
      const { accessToken, profile } =
        'accessToken' in params ? { ...params, profile: undefined } : await authApi.login(params);
      setSession({ accessToken, userInfo: buildUserInfo(profile ?? (await authApi.me(accessToken))) });
      profileIsFresh(accessToken); // read just now: the route guard need not ask auth/me again
      applyProfileLocale(getSession()!.userInfo);
      onSignedIn?.();
    },

    async logout() {
      const token = getSession()?.accessToken;
      if (token) {
        let status: number | undefined;
        try {
          status = await authApi.logout(token);
        } catch (error) {
          // A token the server no longer accepts is as good as logged out.
          if (!isAuthExpiry(error)) throw error;
        }
        // Logout acts only on 200: anything else leaves the session as it is.
        if (status !== undefined && status !== 200) throw new Error(`Logout answered with status ${status}`);
      }
      clearSession();
      return false;
    },

    async checkAuth() {
      if (!getSession()) throw { message: false };
    },

    async checkError(error: unknown) {
      if (!isAuthExpiry(error)) return;
      clearSession();
      clearCachedData();
      // Silent: no "logged out" toast; the guard returns to /login.
      throw { message: false };
    },

    async getIdentity(): Promise<StaffIdentity> {
      const session = getSession();
      if (!session) throw { message: false };
      const { id, fullName, firstName, lastName, photo, role } = session.userInfo;
      return { id, fullName, firstName, lastName, photo: photo ?? null, roleName: role.name };
    },

    async getPermissions() {
      return grantedPermissions();
    },

    mayOpen,

    async canAccess({ resource, action }) {
      return mayOpen({ resource, action });
    },
  };
}
