/** Enumerations shared by the panel and the services. */
export const STAFF_STATUSES = ['active', 'inactive'] as const;
export const SEXES = ['male', 'female', 'other'] as const;
export const DRIVER_APPROVAL_STATUSES = ['pending', 'approved', 'rejected', 'suspended'] as const;
export const DOCUMENT_KINDS = ['licence', 'identity', 'insurance', 'vehicle_registration', 'photo'] as const;
export const DOCUMENT_REVIEW_STATUSES = ['pending', 'approved', 'rejected', 'expired'] as const;
/** Why a driver's document was rejected (src/domain/driverDocuments.ts). */
export const DOCUMENT_REJECT_REASONS = ['unreadable', 'expired', 'mismatch', 'wrong_document', 'other'] as const;
/** A driver's live state: from the app's online flag and an active trip (server/user/drivers). */
export const DRIVER_ONLINE_STATES = ['online', 'on_trip', 'offline'] as const;
/** A driver on the dispatcher's live map (issue 16): en_route = accepted/arrived, on_trip = in progress, lost = silent 60 s. */
export const DRIVER_LIVE_STATES = ['available', 'offered', 'en_route', 'on_trip', 'lost'] as const;
export const PASSENGER_STATUSES = ['active', 'blocked'] as const;
export const NOTIFICATION_TYPES = ['DRIVER_REGISTRATION', 'sos', 'SCHEDULED_UNASSIGNED', 'LEFT_SERVICE_AREA'] as const;

export const TRIP_STATUSES = [
  'requested',
  'accepted',
  'arrived',
  'in_progress',
  'completed',
  'cancelled_by_passenger',
  'cancelled_by_driver',
  'no_driver_found',
  /** Booked for later (issue 32): requested at its lead time before pickup. */
  'scheduled',
] as const;
export const PAYMENT_METHODS = ['cash', 'card', 'wallet'] as const;
/** A service zone's kind (issue 32): the service areas bound where trips go; a zone adds rules. */
export const ZONE_KINDS = ['service_area', 'zone'] as const;
export const GATEWAY_MODES = ['test', 'live'] as const;
export const DISCOUNT_KINDS = ['percent', 'fixed'] as const;
export const ISSUE_STATUSES = ['open', 'in_progress', 'resolved', 'closed'] as const;
export const ISSUE_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;
export const REPORTER_KINDS = ['passenger', 'driver'] as const;
export const SOS_STATUSES = ['new', 'acknowledged', 'resolved', 'false_alarm'] as const;
export const SOS_EVENT_KINDS = [
  'raised',
  'reported_again',
  'acknowledged',
  'note',
  'resolved',
  'false_alarm',
  'escalated',
] as const;
/** A driver wallet's ledger kinds (migration 002): `commission` is a trip's settlement, a credit or a debit. */
export const TRANSACTION_KINDS = ['credit_topup', 'commission', 'payout', 'adjustment'] as const;
/** What a driver wallet's entry is, as the wallet names it (src/domain/walletEntries.ts): its kind, and for a trip its sign. */
export const WALLET_ENTRIES = ['trip_earnings', 'commission', 'top_up', 'payout', 'adjustment'] as const;
/** A passenger wallet's ledger (migration 015): refunds granted on an issue's resolution, staff adjustments. */
export const PASSENGER_TRANSACTION_KINDS = ['refund', 'adjustment'] as const;
/** A payout batch (migration 070): prepared for review, approved by a second staff member, paid. */
export const PAYOUT_STATUSES = ['review', 'approved', 'paid'] as const;
/** How a driver is paid out: M-Pesa to their phone, or a bank transfer (src/domain/payoutDetails.ts). */
export const PAYOUT_METHODS = ['mobile_money', 'bank'] as const;
export const REVIEW_DIRECTIONS = ['passenger_to_driver', 'driver_to_passenger'] as const;

export type TripStatus = (typeof TRIP_STATUSES)[number];
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** Computed by the trip service from `active`, the validity window and the usage limit (server/trip/discounts). */
export const DISCOUNT_STATES = ['active', 'scheduled', 'expired', 'used_up', 'inactive'] as const;
/** What an audit row records (server/user/audit-logs). */
export const AUDIT_ACTIONS = ['create', 'update', 'delete'] as const;
