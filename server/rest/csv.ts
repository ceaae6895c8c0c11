/** CSV text (RFC 4180) for spreadsheet users. */
import { CITY } from '../../src/domain/city.js';

/** 'pickupLat' → 'Pickup lat', 'id' → 'ID'. */
export function readableName(field: string): string {
  if (field === 'id') return 'ID';
  const words = field
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .replace(/\bid\b/g, 'ID');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A plain decimal number ("-12.50"): a spreadsheet reads it as a number, never as a formula. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/** 'fareTotal' → 'Fare total (KES)', 'requestedAt' → 'Requested at (Nairobi time)': the unit a formatted column is written in. */
export function readableColumn(field: string, format: 'money' | 'cityTime' | undefined): string {
  const name = readableName(field);
  if (format === 'money') return `${name} (${CITY.currency})`;
  if (format === 'cityTime') return `${name} (${CITY.name} time)`;
  return name;
}

/** Quotes, commas and line breaks make a cell quoted. */
const NEEDS_QUOTES = /[",\r\n]/;

/** Text as a cell. A leading apostrophe keeps text a spreadsheet would run as a formula (=, +, -, @, or a leading tab or carriage return) from running when the file is opened. */
function csvText(value: string): string {
  let text = value;
  const first = text.charCodeAt(0);
  if (
    first === 61 ||
    first === 43 ||
    first === 64 ||
    first === 9 ||
    first === 13 ||
    (first === 45 && !PLAIN_NUMBER.test(text))
  )
    text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One value as a CSV cell: times ISO, numbers plain, JSON for objects, quoted when needed. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  switch (typeof value) {
    case 'string':
      return csvText(value);
    case 'number':
    case 'boolean':
    case 'bigint':
      return String(value);
  }
  if (value instanceof Date) return csvText(value.toISOString());
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return csvText(value.join(', '));
  return csvText(typeof value === 'object' ? JSON.stringify(value) : String(value));
}

export const csvRow = (values: unknown[]): string => `${values.map(csvCell).join(',')}\r\n`;

/** How a CSV column reads its value from a record. */
export type CellReader<R> = (record: R) => unknown;

/** The CSV lines of records[from, to), one cell per reader, as one string (a chunk of an export). */
export function csvRowWriter<R>(
  readers: readonly CellReader<R>[],
): (records: readonly R[], from?: number, to?: number) => string {
  const count = readers.length;
  const first = readers[0];
  return (records, from = 0, to = records.length) => {
    const end = Math.min(to, records.length);
    let text = '';
    for (let r = from; r < end; r++) {
      const record = records[r];
      let line = count ? csvCell(first(record)) : '';
      for (let i = 1; i < count; i++) line += ',' + csvCell(readers[i](record));
      text += line + '\r\n';
    }
    return text;
  };
}
