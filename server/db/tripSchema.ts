import type { ZonePolygon } from '../../src/domain/zones.js';
import type { PayoutLineFields } from '../../src/domain/payouts.js';
import type { ColumnType, Generated, JSONColumnType } from 'kysely';
import type { SurgeRule } from '../../src/domain/fare.js';

/** Trip-service tables (migration 002). Money is numeric(12,2), read as a number. */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T extends object> = JSONColumnType<T, string, string>;

export interface VehicleTypeTable {
  id: Generated<number>;
  name: string;
  description: string | null;
  icon: number | null;
  seats: number;
  baseFare: number;
  pricePerKm: number;
  pricePerMinute: number;
  minimumFare: number;
  cancellationFee: Generated<number>;
  commissionPercent: number | null;
  active: Generated<boolean>;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

export interface PriceSettingsTable {
  id: Generated<number>;
  name: string;
  vehicleTypeId: number | null;
  commissionPercent: number | null;
  bidPercent: number | null;
  surgeRules: ColumnType<SurgeRule[] | null, string | null, string | null>;
  active: Generated<boolean>;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

export interface PaymentGatewayTable {
  id: Generated<number>;
  name: string;
  provider: string;
  mode: Generated<string>;
  enabled: Generated<boolean>;
  publicSettings: Json<Record<string, unknown>>;
  secretSettings: Json<Record<string, unknown>>;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

export interface DiscountTable {
  id: Generated<number>;
  code: string;
  name: string;
  kind: string;
  value: number;
  maxDiscount: number | null;
  minFare: number | null;
  validFrom: Timestamp | null;
  validTo: Timestamp | null;
  usageLimit: number | null;
  perPassengerLimit: number | null;
  timesUsed: Generated<number>;
  active: Generated<boolean>;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

export interface TripTable {
  id: Generated<number>;
  passengerId: number;
  driverId: number | null;
  vehicleTypeId: number;
  status: Generated<string>;
  pickupAddress: string;
  pickupLat: number;
  pickupLng: number;
  dropoffAddress: string;
  dropoffLat: number;
  dropoffLng: number;
  routePolyline: string | null;
  requestedAt: ColumnType<Date, Date | string | undefined, Date | string>;
  acceptedAt: Timestamp | null;
  arrivedAt: Timestamp | null;
  startedAt: Timestamp | null;
  completedAt: Timestamp | null;
  cancelledAt: Timestamp | null;
  distanceKm: number;
  durationMin: number;
  surgeMultiplier: Generated<number>;
  fareBase: number;
  fareDistance: number;
  fareTime: number;
  fareSurge: Generated<number>;
  fareMinimumTopUp: Generated<number>;
  fareDiscount: Generated<number>;
  fareTotal: number;
  cancellationFee: Generated<number>;
  commission: Generated<number>;
  paymentMethod: string;
  discountId: number | null;
  discountCode: string | null;
  driverNote: string | null;
  bookedBy: number | null;
  /** A trip booked for later: the pickup time (migration 060). */
  scheduledAt: Timestamp | null;
  releasedAt: Timestamp | null;
  unassignedAlertedAt: Timestamp | null;
  /** Set while the trip's driver is outside every service area (migration 063). */
  leftAreaAt: Timestamp | null;
  cancellationReason: string | null;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

export interface TripCountTable {
  status: string;
  vehicleTypeId: number;
  paymentMethod: string;
  n: number;
}

/** Trips per city-local day and status (migration 071), for deep list pages. */
export interface TripDayCountTable {
  day: string;
  status: string;
  n: number;
}

/** One step of a trip's timeline (migration 004). */
export interface TripEventTable {
  id: Generated<number>;
  tripId: number;
  at: ColumnType<Date, Date | string | undefined, never>;
  kind: string;
  status: string;
  actor: string;
  staffId: number | null;
  driverId: number | null;
  note: string | null;
  /** The issue an `issue_opened` step is about (migration 014). */
  issueId: ColumnType<number | null, number | null | undefined, never>;
}

export interface IssueTable {
  id: Generated<number>;
  tripId: number;
  reporterKind: string;
  reporterId: number;
  category: string;
  priority: Generated<string>;
  status: Generated<string>;
  assigneeId: number | null;
  description: string;
  resolutionNote: string | null;
  resolvedAt: Timestamp | null;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

export interface SosContactTable {
  id: Generated<number>;
  name: string;
  phone: string;
  description: string | null;
  active: Generated<boolean>;
  /** The order the apps list contacts in (ascending); new contacts go last. */
  displayOrder: Generated<number>;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

/** A service zone (migration 061): a GeoJSON polygon and its bounding box. */
export interface ZoneTable {
  id: Generated<number>;
  name: string;
  kind: Generated<string>;
  pickupAllowed: Generated<boolean>;
  surgeMultiplier: Generated<number>;
  active: Generated<boolean>;
  polygon: ColumnType<ZonePolygon, string, string>;
  minLat: number;
  minLng: number;
  maxLat: number;
  maxLng: number;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

/** A fixed fare between two zones (migration 062, src/domain/zoneFares.ts). */
export interface ZoneFareTable {
  id: Generated<number>;
  fromZoneId: number;
  toZoneId: number;
  vehicleTypeId: number | null;
  amount: ColumnType<number, number | string, number | string>;
  bothWays: Generated<boolean>;
  active: Generated<boolean>;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

/** One step of an issue's timeline (migration 010). */
export interface IssueEventTable {
  id: Generated<number>;
  issueId: number;
  at: ColumnType<Date, Date | string | undefined, never>;
  kind: string;
  staffId: number | null;
  fromValue: string | null;
  toValue: string | null;
  note: string | null;
  amount: number | null;
  transactionId: number | null;
  /** A refund step's passenger ledger row (migration 015). */
  passengerTransactionId: Generated<number | null>;
}

export interface SosCallLogTable {
  id: Generated<number>;
  tripId: number;
  callerKind: string;
  callerId: number;
  lat: number;
  lng: number;
  calledAt: ColumnType<Date, Date | string | undefined, Date | string>;
  status: Generated<string>;
  handledBy: number | null;
  handledAt: Timestamp | null;
  notes: string | null;
  ackSeconds: number | null;
  resolvedBy: number | null;
  resolvedAt: Timestamp | null;
  reportCount: Generated<number>;
  /** False for a report made without the trip's app token (migration 017). */
  verified: Generated<boolean>;
  lastReportedAt: ColumnType<Date, Date | string | undefined, Date | string>;
  /** Raised by the demo's simulator (migration 021). */
  simulated: Generated<boolean>;
  /** When the alarm, still unacknowledged, was escalated to a second role (migration 020). */
  escalatedAt: Timestamp | null;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

export interface SosCallEventTable {
  id: Generated<number>;
  sosCallLogId: number;
  at: ColumnType<Date, Date | string | undefined, Date | string>;
  kind: string;
  staffId: number | null;
  seconds: number | null;
  note: string | null;
}

export interface DriverTransactionTable {
  id: Generated<number>;
  driverId: number;
  kind: string;
  amount: number;
  balanceAfter: number;
  tripId: number | null;
  staffId: number | null;
  note: string | null;
  /** A system-written note's code and parameters (src/domain/ledgerNotes.ts); null for a typed note. */
  noteCode: ColumnType<string | null, string | null | undefined, string | null>;
  noteParams: ColumnType<Record<string, string> | null, string | null | undefined, string | null>;
  createdAt: ColumnType<Date, Date | string | undefined, never>;
}

export interface PassengerTransactionTable {
  id: Generated<number>;
  passengerId: number;
  kind: string;
  amount: number;
  balanceAfter: number;
  tripId: number | null;
  issueId: number | null;
  staffId: number | null;
  note: string | null;
  /** A system-written note's code and parameters (src/domain/ledgerNotes.ts); null for a typed note. */
  noteCode: ColumnType<string | null, string | null | undefined, string | null>;
  noteParams: ColumnType<Record<string, string> | null, string | null | undefined, string | null>;
  createdAt: ColumnType<Date, Date | string | undefined, never>;
}

export interface ReviewTable {
  id: Generated<number>;
  tripId: number;
  direction: string;
  driverId: number;
  passengerId: number;
  rating: number;
  comment: string | null;
  createdAt: ColumnType<Date, Date | string | undefined, never>;
}

/** A week's driver payouts (migration 070). */
export interface PayoutBatchTable {
  id: Generated<number>;
  periodStart: ColumnType<string, string, never>;
  periodEnd: ColumnType<string, string, never>;
  status: Generated<string>;
  total: Generated<number>;
  lineCount: Generated<number>;
  createdBy: number;
  approvedBy: number | null;
  approvedAt: Timestamp | null;
  paidBy: number | null;
  paidAt: Timestamp | null;
  reference: string | null;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

/** A driver's line in a payout batch (migration 070): the fields are the domain's (src/domain/payouts.ts). */
export interface PayoutLineTable extends PayoutLineFields {
  id: Generated<number>;
  batchId: number;
  /** Migration 073: settled line by line from the channels' results files. */
  status: Generated<'pending' | 'paid' | 'failed'>;
  reference: string | null;
  failureReason: string | null;
  settledAt: Timestamp | null;
  returnTransactionId: number | null;
}

/** Where a payout line is paid, frozen when its batch is approved (migration 067). */
export interface PayoutDestinationTable {
  batchId: number;
  driverId: number;
  payoutMethod: string;
  bankCode: string | null;
  bankBranchCode: string | null;
  bankAccountHolder: string | null;
  bankAccountNumber: string | null;
}

export interface TripTables {
  vehicleTypes: VehicleTypeTable;
  priceSettings: PriceSettingsTable;
  paymentGateways: PaymentGatewayTable;
  discounts: DiscountTable;
  trips: TripTable;
  tripCounts: TripCountTable;
  tripDayCounts: TripDayCountTable;
  tripEvents: TripEventTable;
  issues: IssueTable;
  issueEvents: IssueEventTable;
  sosContacts: SosContactTable;
  sosCallLogs: SosCallLogTable;
  sosCallEvents: SosCallEventTable;
  driverTransactions: DriverTransactionTable;
  passengerTransactions: PassengerTransactionTable;
  reviews: ReviewTable;
  payoutBatches: PayoutBatchTable;
  payoutLines: PayoutLineTable;
  payoutDestinations: PayoutDestinationTable;
  zones: ZoneTable;
  zoneFares: ZoneFareTable;
}
