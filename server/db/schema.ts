import type { ColumnType, Generated } from 'kysely';
import type { TripTables } from './tripSchema.js';
import type { AppTables } from './appSchema.js';

/** A timestamp column: read as Date, written as Date or ISO string. */
export type Timestamp = ColumnType<Date, Date | string, Date | string>;
export type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
export type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

export interface RoleTable {
  id: Generated<number>;
  name: string;
  description: string | null;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

export interface PermissionTable {
  id: Generated<number>;
  name: string;
  subject: string;
  action: string;
}

export interface RolePermissionTable {
  roleId: number;
  permissionId: number;
}

export interface StaffTable {
  id: Generated<number>;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  sex: string | null;
  photo: number | null;
  roleId: number;
  status: Generated<string>;
  passwordHash: string | null;
  emailVerifiedAt: Timestamp | null;
  lastLoginAt: Timestamp | null;
  /** Watermark of the newest notification this staff member has seen. */
  notificationsSeenUpTo: Generated<number>;
  /** The panel language the staff member chose (src/i18n/locales.ts), null until they choose. */
  locale: Generated<string | null>;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

export interface SessionTable {
  id: string;
  staffId: number;
  createdAt: CreatedAt;
  expiresAt: Timestamp;
  revokedAt: Timestamp | null;
}

export interface CodeTable {
  id: Generated<number>;
  email: string;
  purpose: string;
  codeHash: string;
  attempts: Generated<number>;
  expiresAt: Timestamp;
  consumedAt: Timestamp | null;
  createdAt: CreatedAt;
}

/** A sign-in counter (migration 017): `count` events since the window began, until `resetAt`. */
export interface AuthCounterTable {
  key: string;
  count: number;
  resetAt: Timestamp;
}

export interface FileTable {
  id: Generated<number>;
  filename: string;
  contentType: string;
  size: number;
  storageKey: string;
  uploadedBy: number | null;
  createdAt: CreatedAt;
}

/** One uploaded document of a driver (migration 006); a re-upload is a new row, the older stay as history. */
export interface DriverDocumentTable {
  id: Generated<number>;
  driverId: number;
  kind: string;
  fileId: number | null;
  number: string | null;
  expiryDate: ColumnType<string | null, string | null | undefined, string | null>;
  status: Generated<string>;
  rejectReason: string | null;
  note: string | null;
  reuploadRequestedAt: Timestamp | null;
  reviewedBy: number | null;
  reviewedAt: Timestamp | null;
  version: Generated<number>;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

export interface DriverTable {
  id: Generated<number>;
  firstName: string;
  lastName: string;
  phone: string;
  email: string | null;
  sex: string | null;
  photo: number | null;
  licenceNumber: string | null;
  licenceExpiry: ColumnType<string | null, string | null | undefined, string | null>;
  approvalStatus: Generated<string>;
  suspendedAt: Timestamp | null;
  suspensionReason: string | null;
  vehicleTypeId: number | null;
  vehicleMake: string | null;
  vehicleModel: string | null;
  vehiclePlate: string | null;
  vehicleColour: string | null;
  vehicleYear: number | null;
  rating: Generated<number>;
  online: Generated<boolean>;
  lastLat: number | null;
  lastLng: number | null;
  lastSeenAt: Timestamp | null;
  creditBalance: Generated<number>;
  payoutMethod: Generated<string>;
  bankCode: string | null;
  bankBranchCode: string | null;
  bankAccountHolder: string | null;
  bankAccountNumber: string | null;
  payoutDetailsUpdatedAt: Timestamp | null;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

export interface PassengerTable {
  id: Generated<number>;
  firstName: string;
  lastName: string;
  phone: string;
  email: string | null;
  sex: string | null;
  status: Generated<string>;
  rating: Generated<number>;
  /** Trip statistics, kept by triggers on trips (migration 005). */
  tripsCount: Generated<number>;
  completedTrips: Generated<number>;
  passengerCancellations: Generated<number>;
  totalSpent: Generated<number>;
  lastTripAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** Why, when and by whom the passenger was last blocked or unblocked. */
  statusReason: ColumnType<string | null, string | null | undefined, string | null>;
  statusChangedAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  statusChangedBy: ColumnType<number | null, number | null | undefined, number | null>;
  /** The wallet: moved only through the ledger, passenger_transactions (migration 015). */
  creditBalance: Generated<number>;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

export interface NotificationTable {
  id: Generated<number>;
  type: string;
  title: string;
  /** The catalogue key the title was said with (src/i18n/validation.ts), and its parameters; null before 031. */
  titleCode: ColumnType<string | null, string | null | undefined, never>;
  titleParams: ColumnType<Record<string, string> | null, string | null | undefined, never>;
  /** The permission a staff member needs to receive it. */
  permission: string;
  /** Only this role's staff receive it (an SOS escalation), besides holding the permission; null: every role. */
  roleId: ColumnType<number | null, number | null | undefined, never>;
  subjectType: string;
  subjectId: number;
  createdAt: CreatedAt;
}

export interface AuditLogTable {
  id: Generated<number>;
  staffId: number | null;
  resource: string;
  recordId: string;
  action: string;
  before: ColumnType<unknown, string | null, never>;
  after: ColumnType<unknown, string | null, never>;
  /** The entry this one undoes (a bulk action's Undo, migration 073); at most one undo per entry. */
  undoOf: ColumnType<number | null, number | null | undefined, never>;
  createdAt: CreatedAt;
}

/** A text of an undoable action, held until its undo window closes (migration 073). */
export interface HeldMessageTable {
  id: Generated<number>;
  /** The audit entry of the action that caused it: its undo cancels it. */
  auditLogId: number;
  phone: string;
  text: string;
  sendAt: ColumnType<Date, Date, never>;
  sentAt: ColumnType<Date | null, never, Date>;
  cancelledAt: ColumnType<Date | null, never, Date>;
  createdAt: CreatedAt;
}

export interface UserTables {
  roles: RoleTable;
  permissions: PermissionTable;
  rolePermissions: RolePermissionTable;
  staffs: StaffTable;
  sessions: SessionTable;
  codes: CodeTable;
  authCounters: AuthCounterTable;
  files: FileTable;
  drivers: DriverTable;
  driverDocuments: DriverDocumentTable;
  passengers: PassengerTable;
  notifications: NotificationTable;
  auditLogs: AuditLogTable;
  heldMessages: HeldMessageTable;
}

export type Database = UserTables & TripTables & AppTables;
