/** The demo accounts named by the README and the login page. */
export const DEMO_ACCOUNTS = [
  {
    email: 'admin@example.com',
    password: 'Admin@1234',
    roleName: 'Super Admin',
    firstName: 'Amara',
    lastName: 'Okafor',
  },
  {
    email: 'dispatcher@example.com',
    password: 'Dispatch@1234',
    roleName: 'Dispatcher',
    firstName: 'Daniel',
    lastName: 'Mensah',
  },
] as const;

/** Password of every other seeded staff member, so any role can be tried. */
export const SEED_STAFF_PASSWORD = 'Staff@1234';
