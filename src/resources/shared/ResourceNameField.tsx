import { fieldLabel } from '../../domain/fieldRules';
import { MANIFEST } from '../../domain/resources';
import { useRecordContext, useTranslate } from 'react-admin';
import { resourceLookup } from '../registry';

/** A backend resource name (e.g. `staffs`) as the panel names it (e.g. "Staff"). */
export function useResourceLabel() {
  const translate = useTranslate();
  return (backendName: string) => {
    const path = resourceLookup.find(backendName)?.path;
    return path ? translate(`resources.${path}.name`, { smart_count: 1, _: backendName }) : backendName;
  };
}

/** A field of a backend resource as the panel labels it (`resources.<path>.fields.<field>`), else its name. */
export function useFieldLabel() {
  const translate = useTranslate();
  return (backendName: string | undefined, field: string) => {
    const path = backendName ? resourceLookup.find(backendName)?.path : undefined;
    // A field without a declared label reads as words ("handledAt" → "Handled at"), never its code name.
    const words = fieldLabel(field);
    return path ? translate(`resources.${path}.fields.${field}`, { _: words }) : words;
  };
}

/**
 * How an audit row names its record: the server's `recordLabel` (a generated resource's record
 * while it exists, e.g. "KDA 101A"), else, for a generated resource, its label read from the row's
 * before/after (a deleted record's full values), else `#<id>`.
 */
function recordName(record: Record<string, unknown> | undefined, backendName: string, id: unknown): string {
  if (typeof record?.recordLabel === 'string' && record.recordLabel) return record.recordLabel;
  const manifest = MANIFEST.find((m) => m.name === backendName && m.table);
  const values = { id, ...(record?.before as object | null), ...(record?.after as object | null) };
  const label = manifest && manifest.label.fields.some((f) => f !== 'id') ? manifest.label.format(values) : undefined;
  return label ?? `#${String(id)}`;
}

/**
 * The record's backend resource name field, shown as the panel names that resource; with
 * `idSource`, followed by the record it is about: "Staff #26", or a generated resource's record by
 * its label, "Vehicle KDA 101A".
 */
export function ResourceNameField({
  source = 'resource',
  idSource,
}: {
  source?: string;
  idSource?: string;
  label?: string;
}) {
  const record = useRecordContext();
  const label = useResourceLabel();
  const value: unknown = record?.[source];
  if (typeof value !== 'string') return null;
  const id: unknown = idSource ? record?.[idSource] : undefined;
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      {id === undefined || id === null ? label(value) : `${label(value)} ${recordName(record, value, id)}`}
    </span>
  );
}
