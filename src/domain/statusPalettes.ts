import { auditActionColor } from './auditActions';
import {
  AUDIT_ACTIONS,
  DISCOUNT_STATES,
  DOCUMENT_REVIEW_STATUSES,
  DRIVER_APPROVAL_STATUSES,
  DRIVER_LIVE_STATES,
  DRIVER_ONLINE_STATES,
  GATEWAY_MODES,
  ISSUE_PRIORITIES,
  ISSUE_STATUSES,
  PASSENGER_STATUSES,
  PASSENGER_TRANSACTION_KINDS,
  PAYOUT_STATUSES,
  SOS_STATUSES,
  STAFF_STATUSES,
  TRANSACTION_KINDS,
  TRIP_STATUSES,
  WALLET_ENTRIES,
} from './enums';
import { SLA_STATES } from './issueSla';

/**
 * How each value of a status enum reads at a glance: good (success), needs
 * someone (warning), bad (error), under way (info), or neutral (default).
 * Typed per enum, so a value added to an enum without a colour fails typecheck.
 */
export type PaletteColor = 'success' | 'warning' | 'error' | 'info' | 'default';

type Palette<Values extends readonly string[]> = Readonly<Record<Values[number], PaletteColor>>;

/** The status enums and their values, by the name a StatusChip's `palette` takes. */
export const STATUS_ENUMS = {
  staffStatus: STAFF_STATUSES,
  driverApproval: DRIVER_APPROVAL_STATUSES,
  documentReview: DOCUMENT_REVIEW_STATUSES,
  driverOnline: DRIVER_ONLINE_STATES,
  passengerStatus: PASSENGER_STATUSES,
  tripStatus: TRIP_STATUSES,
  issueStatus: ISSUE_STATUSES,
  issuePriority: ISSUE_PRIORITIES,
  issueSla: SLA_STATES,
  sosStatus: SOS_STATUSES,
  transactionKind: TRANSACTION_KINDS,
  walletEntry: WALLET_ENTRIES,
  passengerTransactionKind: PASSENGER_TRANSACTION_KINDS,
  gatewayMode: GATEWAY_MODES,
  discountState: DISCOUNT_STATES,
  auditAction: AUDIT_ACTIONS,
  driverLiveState: DRIVER_LIVE_STATES,
  payoutStatus: PAYOUT_STATUSES,
} as const;

export type StatusEnumName = keyof typeof STATUS_ENUMS;

export const STATUS_PALETTES: { readonly [Name in StatusEnumName]: Palette<(typeof STATUS_ENUMS)[Name]> } = {
  staffStatus: { active: 'success', inactive: 'default' },
  driverApproval: { pending: 'warning', approved: 'success', rejected: 'error', suspended: 'error' },
  documentReview: { pending: 'warning', approved: 'success', rejected: 'error', expired: 'error' },
  driverOnline: { online: 'success', on_trip: 'info', offline: 'default' },
  passengerStatus: { active: 'success', blocked: 'error' },
  tripStatus: {
    requested: 'warning',
    accepted: 'info',
    arrived: 'info',
    in_progress: 'info',
    completed: 'success',
    cancelled_by_passenger: 'default',
    cancelled_by_driver: 'default',
    no_driver_found: 'error',
    scheduled: 'info',
  },
  issueStatus: { open: 'warning', in_progress: 'info', resolved: 'success', closed: 'default' },
  issuePriority: { low: 'default', medium: 'info', high: 'warning', urgent: 'error' },
  issueSla: { ok: 'success', warning: 'warning', breached: 'error' },
  sosStatus: { new: 'error', acknowledged: 'warning', resolved: 'success', false_alarm: 'default' },
  transactionKind: { credit_topup: 'success', commission: 'info', payout: 'warning', adjustment: 'default' },
  walletEntry: {
    trip_earnings: 'success',
    commission: 'info',
    top_up: 'success',
    payout: 'warning',
    adjustment: 'default',
  },
  passengerTransactionKind: { refund: 'success', adjustment: 'default' },
  gatewayMode: { test: 'info', live: 'warning' },
  discountState: { active: 'success', scheduled: 'info', expired: 'default', used_up: 'warning', inactive: 'default' },
  auditAction: { create: 'success', update: 'info', delete: 'error' },
  driverLiveState: { available: 'success', offered: 'warning', en_route: 'info', on_trip: 'info', lost: 'default' },
  payoutStatus: { review: 'warning', approved: 'info', paid: 'success' },
};

/** Open-ended enums: a value the palette does not list is coloured by rule (the audit log's engine actions). */
const STATUS_RULES: Partial<Record<StatusEnumName, (value: string) => PaletteColor>> = {
  auditAction: auditActionColor,
};

/** The colour of a value of a status enum; a value the enum does not know is neutral, or coloured by its rule. */
export function statusColor(name: StatusEnumName, value: string): PaletteColor {
  const palette = STATUS_PALETTES[name] as Readonly<Record<string, PaletteColor>>;
  if (Object.hasOwn(palette, value)) return palette[value];
  return STATUS_RULES[name]?.(value) ?? 'default';
}
