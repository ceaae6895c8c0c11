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

/** A stored value as short text: lists joined, objects as JSON, nothing as an em dash. */
export function formatAuditValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.length ? value.map((item) => formatAuditValue(item)).join(', ') : '—';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** How a created or deleted record names itself (full name, name, code, title or email), if it does. */
export function recordLabel(values: Record<string, unknown> | null | undefined): string | undefined {
  for (const field of ['fullName', 'name', 'code', 'title', 'email']) {
    const value = values?.[field];
    if (typeof value === 'string' && value.trim() !== '') return value;
  }
  return undefined;
}
