import { config } from '../../config';
import { HttpFailure, requestJson } from '../../http';
import type { StaffProfile } from '../../session';

const url = (path: string) => `${config.userApiUrl}/auth/${path}`;

export interface ProfileChange {
  firstName: string;
  lastName: string;
  photo: number | null;
}

export interface PasswordChange {
  currentPassword: string;
  password: string;
}

/** The field messages of a refused write (`errors` of the error body), for the form to show under its fields. */
export function fieldErrorsOf(error: unknown): Record<string, string> | undefined {
  if (!(error instanceof HttpFailure) || typeof error.body !== 'object' || error.body === null) return undefined;
  const errors = (error.body as { errors?: unknown }).errors;
  return typeof errors === 'object' && errors !== null && Object.keys(errors).length > 0
    ? (errors as Record<string, string>)
    : undefined;
}

/** The signed-in staff member's own account (server/user/profile/routes.ts); any role may use it. */
export const profileApi = {
  async save(change: ProfileChange): Promise<StaffProfile> {
    return (await requestJson<{ data: StaffProfile }>(url('profile'), { method: 'PUT', json: change })).json.data;
  },

  /** Ends the staff member's other sessions; this one stays. */
  async changePassword(change: PasswordChange): Promise<void> {
    await requestJson(url('change_password'), { method: 'POST', json: change });
  },
};
