import { DECLARED } from './resources/declared';

/**
 * Permission strings are `<action>-<Subject>`. The spec's fourteen `view-*`
 * strings gate reading and the menu; create/update/delete gate writing.
 * Shared by the panel (menu, canAccess) and the server (route guards, seed).
 */
export const ACTIONS = ['view', 'create', 'update', 'delete'] as const;
export type Action = (typeof ACTIONS)[number];

export interface SubjectDefinition {
  name: string;
  label: string;
  /** Actions beyond `view` that exist for this subject. */
  writes: readonly Exclude<Action, 'view'>[];
  /**
   * A write on part of another subject's records, with no `view-` of its own: seeing them is that
   * subject's view (granting the write grants it, taking it away takes the write too).
   */
  seenWith?: string;
}

const CRUD = ['create', 'update', 'delete'] as const;

/** The spec's subjects, in the permission matrix's order; every hand-written manifest entry's subject is one of them. */
const NAMED_SUBJECTS: readonly SubjectDefinition[] = [
  { name: 'Staff', label: 'Staff', writes: CRUD },
  { name: 'Role', label: 'Roles', writes: CRUD },
  { name: 'Permissions', label: 'Permissions', writes: [] },
  { name: 'Driver', label: 'Drivers', writes: CRUD },
  // Drivers' payout details and the payout batches, apart from update-Driver (issue 43).
  { name: 'DriverPayoutDetails', label: 'Driver payouts', writes: ['update'], seenWith: 'Driver' },
  { name: 'VehicleType', label: 'Vehicle types', writes: CRUD },
  { name: 'Trip', label: 'Trips', writes: CRUD },
  { name: 'Passenger', label: 'Passengers', writes: CRUD },
  { name: 'Gateway', label: 'Payment gateways', writes: CRUD },
  { name: 'PriceSettings', label: 'Price settings', writes: CRUD },
  { name: 'Discount', label: 'Discounts', writes: CRUD },
  { name: 'Zone', label: 'Service zones', writes: CRUD },
  { name: 'Issue', label: 'Issues', writes: CRUD },
  { name: 'SosContacts', label: 'SOS contacts and call logs', writes: CRUD },
  { name: 'Report', label: 'Reports', writes: [] },
  { name: 'DispatcherPage', label: 'Trip dispatcher', writes: [] },
  { name: 'AuditLog', label: 'Audit log', writes: [] },
];

/**
 * Every subject: the named ones, then those of the generated declarations (src/domain/resources/declared),
 * which join the catalogue (and the permissions table, at the server's start) by being declared.
 */
export const SUBJECTS: readonly SubjectDefinition[] = [
  ...NAMED_SUBJECTS,
  ...DECLARED.filter((m) => !NAMED_SUBJECTS.some((s) => s.name === m.subject)).map((m): SubjectDefinition => ({
    name: m.subject,
    label: m.subjectLabel ?? m.subject,
    writes: m.create || m.update ? CRUD : [],
  })),
];

export type Permission = `${Action}-${string}`;

export const permissionName = (action: Action, subject: string): Permission => `${action}-${subject}`;

/** Every permission the system knows, in a stable order. */
export const ALL_PERMISSIONS: readonly Permission[] = SUBJECTS.flatMap((s) => [
  ...(s.seenWith ? [] : [permissionName('view', s.name)]),
  ...s.writes.map((a) => permissionName(a, s.name)),
]);

/** Keeping drivers' payout details and running the payout batches (issue 43); Finance holds it. */
export const PAYOUT_PERMISSION = permissionName('update', 'DriverPayoutDetails');

/** The fourteen `view-*` strings of the specification. */
export const P = {
  viewStaff: 'view-Staff',
  viewRole: 'view-Role',
  viewPermissions: 'view-Permissions',
  viewDriver: 'view-Driver',
  viewVehicleType: 'view-VehicleType',
  viewTrip: 'view-Trip',
  viewPassenger: 'view-Passenger',
  viewGateway: 'view-Gateway',
  viewPriceSettings: 'view-PriceSettings',
  viewDiscount: 'view-Discount',
  viewIssue: 'view-Issue',
  viewSosContacts: 'view-SosContacts',
  viewReport: 'view-Report',
  viewDispatcherPage: 'view-DispatcherPage',
} as const;
