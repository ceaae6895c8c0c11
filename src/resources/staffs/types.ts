import type { RaRecord } from 'ra-core';
import type { SEXES, STAFF_STATUSES } from '../../domain/enums';

/** A staff member as the user service lists them (server/user/staffs/resource.ts). */
export interface Staff extends RaRecord<number> {
  firstName: string;
  lastName: string;
  /** Computed: first and last name. */
  fullName: string;
  email: string;
  phone: string | null;
  sex: (typeof SEXES)[number] | null;
  /** File id of the photo. */
  photo: number | null;
  roleId: number;
  /** Computed: the role's name. */
  roleName: string | null;
  status: (typeof STAFF_STATUSES)[number];
  /** Null until the person has verified their email through the invitation. */
  emailVerifiedAt: string | null;
  lastLoginAt: string | null;
  createdAt: string;
  updatedAt: string;
}
