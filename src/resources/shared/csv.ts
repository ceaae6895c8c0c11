import { downloadCSV, type Exporter, type RaRecord } from 'ra-core';

export interface CsvColumn<RecordType extends RaRecord = RaRecord> {
  /** A function is asked at export time, so that the header is in the language chosen by then. */
  header: string | (() => string);
  value: (record: RecordType) => unknown;
}

/** A cell a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, return) is kept as text. */
const FORMULA_START = /^[=+\-@\t\r]/;

function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text =
    value instanceof Date ? value.toISOString() : typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** RFC 4180 CSV with a header row, one line per record. */
export function toCsv<RecordType extends RaRecord>(
  records: readonly RecordType[],
  columns: readonly CsvColumn<RecordType>[],
): string {
  const lines = [
    columns.map((column) => cell(typeof column.header === 'function' ? column.header() : column.header)),
    ...records.map((record) => columns.map((column) => cell(column.value(record)))),
  ];
  return lines.map((line) => line.join(',')).join('\r\n');
}

/** A react-admin exporter that downloads the chosen columns as `<filename>.csv`. */
export const csvExporter =
  <RecordType extends RaRecord>(filename: string, columns: readonly CsvColumn<RecordType>[]): Exporter<RecordType> =>
  (records) => {
    downloadCSV(toCsv(records, columns), filename);
  };
