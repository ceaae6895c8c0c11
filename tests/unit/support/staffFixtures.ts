import { ALL_PERMISSIONS, P } from '../../../src/domain/permissions';
import { buildUserInfo, type Session, type StaffProfile } from '../../../src/session';

/** Profiles as GET auth/me answers them, for the seeded demo roles. */
export const superAdminProfile: StaffProfile = {
  id: 1,
  firstName: 'Ada',
  lastName: 'Admin',
  email: 'admin@example.com',
  phone: '+10000000001',
  sex: 'female',
  photo: 42,
  status: 'active',
  role: { id: 1, name: 'Super Admin', permissions: ALL_PERMISSIONS.map((name) => ({ name })) },
};

export const dispatcherProfile: StaffProfile = {
  id: 2,
  firstName: 'Dan',
  lastName: 'Dispatch',
  email: 'dispatcher@example.com',
  phone: null,
  sex: 'male',
  photo: null,
  status: 'active',
  role: {
    id: 2,
    name: 'Dispatcher',
    permissions: [P.viewTrip, P.viewPassenger, P.viewDispatcherPage].map((name) => ({ name })),
  },
};

export const sessionOf = (profile: StaffProfile, accessToken = 'token-of-' + profile.id): Session => ({
  accessToken,
  userInfo: buildUserInfo(profile),
});
