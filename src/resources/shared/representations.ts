import type { RaRecord } from 'ra-core';

/** How a record is named in titles and references, for records whose fields are not settled yet. */
export const fullName = (record: RaRecord) =>
  [record.firstName, record.lastName].filter(Boolean).join(' ') || `#${record.id}`;

export const fieldOrNumber =
  (field: string, prefix = '#') =>
  (record: RaRecord) => {
    const value: unknown = record[field];
    return typeof value === 'string' && value !== '' ? value : `${prefix}${record.id}`;
  };
