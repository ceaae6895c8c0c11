import { config } from '../config';
import { requestJson } from '../http';
import type { StaffProfile } from '../session';

/**
 * The auth calls of the user service (docs/architecture.md, "The engine's shapes"). They are `silent`:
 * the auth forms show their failures themselves, not the error dialog.
 */
const url = (path: string) => `${config.userApiUrl}/auth/${path}`;

interface Envelope<T> {
  data: T;
  message?: string;
}

export interface Credentials {
  email: string;
  password: string;
}

export interface DemoAccount {
  email: string;
  password: string;
  role: string;
}

/** A password body: reset_password and set_password both carry the verified code. */
export interface PasswordChange {
  email: string;
  otp: string;
  password: string;
}

async function post<T>(path: string, json: unknown, token?: string): Promise<Envelope<T>> {
  const response = await requestJson<Envelope<T>>(url(path), { method: 'POST', json, token, silent: true });
  return response.json;
}

export const authApi = {
  /** The token, and the profile the server sends with it (so no auth/me round trip is needed). */
  async login(credentials: Credentials): Promise<{ accessToken: string; profile?: StaffProfile }> {
    return (await post<{ accessToken: string; profile?: StaffProfile }>('login', credentials)).data;
  },

  async me(token?: string): Promise<StaffProfile> {
    return (await requestJson<Envelope<StaffProfile>>(url('me'), { token, silent: true })).json.data;
  },

  /** Saves the signed-in staff member's language on their profile; answers the profile. */
  async saveLocale(locale: string, token: string): Promise<StaffProfile> {
    const answer = await requestJson<Envelope<StaffProfile>>(url('locale'), {
      method: 'PUT',
      json: { locale },
      token,
      silent: true,
    });
    return answer.json.data;
  },

  /** Resolves with the HTTP status; the session ends only on 200. */
  async logout(token: string): Promise<number> {
    return (await requestJson(url('logout'), { method: 'POST', token })).status;
  },

  async forgotPassword(email: string): Promise<void> {
    await post('forgot_password', { email });
  },

  async resendCode(email: string): Promise<void> {
    await post('staffs/resend_otp', { email });
  },

  /** Checks a code; with `getToken` the answer may carry an access token. */
  async verifyEmail(email: string, otp: string, getToken: boolean): Promise<string | undefined> {
    const answer = await post<{ accessToken?: string } | null>('verify_email', {
      email,
      otp,
      getToken: getToken ? 1 : 0,
    });
    return answer.data?.accessToken ?? undefined;
  },

  async resetPassword(change: PasswordChange): Promise<string> {
    return (await post<{ accessToken: string }>('reset_password', change)).data.accessToken;
  },

  async setPassword(change: PasswordChange): Promise<string> {
    return (await post<{ accessToken: string }>('set_password', change)).data.accessToken;
  },

  /** The demo accounts, or none when the server is not in demo mode (404) or unreachable. */
  async demoAccounts(): Promise<DemoAccount[]> {
    try {
      const response = await requestJson<Envelope<DemoAccount[]>>(url('demo-accounts'), { silent: true });
      return Array.isArray(response.json?.data) ? response.json.data : [];
    } catch {
      return [];
    }
  },
};
