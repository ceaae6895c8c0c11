import { ENUMS, enumLabelKey, type EnumName } from '../../kit/enumChoices';
import { formatCalendarDay, formatDateTime, humanize } from '../../kit/format';

/** What an audit record's `before` and `after` say, as rows a person can read. */
export interface AuditRecordLike {
  action?: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

/** Bookkeeping columns that change with every write and say nothing. */
const NOISE = new Set(['id', 'updatedAt', 'createdAt']);

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The fields an audit record changed, in the order they appear, without bookkeeping columns or unchanged values. */
export function fieldChanges({ before, after }: AuditRecordLike): FieldChange[] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return fields
    .filter((field) => !NOISE.has(field))
    .map((field) => ({ field, before: before?.[field], after: after?.[field] }))
    .filter((change) => !same(change.before, change.after));
}

/** A field's enum where its name alone does not say it (`status` of a driver is not a trip's). */
const FIELD_ENUMS: Record<string, EnumName | Record<string, EnumName>> = {
  approvalStatus: 'driverApproval',
  status: {
    staffs: 'staffStatus',
    passengers: 'passengerStatus',
    trips: 'tripStatus',
    issues: 'issueStatus',
    'sos-call-logs': 'sosStatus',
    'payout-batches': 'payoutStatus',
  },
  priority: 'issuePriority',
  category: 'issueCategory',
  sex: 'sex',
  paymentMethod: 'paymentMethod',
  payoutMethod: 'payoutMethod',
  mode: 'gatewayMode',
  kind: { discounts: 'discountKind', zones: 'zoneKind', 'driver-transactions': 'transactionKind' },
  reviewStatus: 'documentReview',
};

/** The enum a field's codes belong to: by the field (and resource), else the one enum holding the code. */
function enumOf(resource: string | undefined, field: string, code: string): EnumName | undefined {
  const known = FIELD_ENUMS[field];
  const named = typeof known === 'string' ? known : resource ? known?.[resource] : undefined;
  if (named && (ENUMS[named] as readonly string[]).includes(code)) return named;
  const holding = (Object.keys(ENUMS) as EnumName[]).filter((name) =>
    (ENUMS[name] as readonly string[]).includes(code),
  );
  return holding.length === 1 ? holding[0] : undefined;
}

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/**
 * A stored value as the screens show it: an instant in the city's format, a day as the city writes
 * it, a code by its label, yes or no, lists joined, objects as JSON, nothing as an em dash.
 * `translate` is react-admin's (a key, with `_` as the fallback).
 */
export function formatAuditValue(
  value: unknown,
  translate: (key: string, options?: { _: string }) => string = (_key, options) => options?._ ?? '',
  where: { resource?: string; field?: string } = {},
): string {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value))
    return value.length ? value.map((item) => formatAuditValue(item, translate, where)).join(', ') : '—';
  if (typeof value === 'object') return JSON.stringify(value);
  if (typeof value === 'boolean') return translate(`ra.boolean.${value}`, { _: value ? 'Yes' : 'No' });
  if (typeof value !== 'string') return String(value);
  if (INSTANT.test(value)) return formatDateTime(value) ?? value;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return formatCalendarDay(value) ?? value;
  const name = where.field && /^[a-z][a-z_]*$/.test(value) ? enumOf(where.resource, where.field, value) : undefined;
  return name ? translate(enumLabelKey(name, value), { _: humanize(value) }) : value;
}

/** How a created or deleted record names itself (full name, name, code, title or email), if it does. */
export function recordLabel(values: Record<string, unknown> | null | undefined): string | undefined {
  for (const field of ['fullName', 'name', 'code', 'title', 'email']) {
    const value = values?.[field];
    if (typeof value === 'string' && value.trim() !== '') return value;
  }
  return undefined;
}
