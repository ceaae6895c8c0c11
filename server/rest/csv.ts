/** CSV text (RFC 4180) for spreadsheet users. */

/** 'pickupLat' → 'Pickup lat', 'id' → 'ID'. */
export function readableName(field: string): string {
  if (field === 'id') return 'ID';
  const words = field
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .replace(/\bid\b/g, 'ID');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Text a spreadsheet would run as a formula (=, +, -, @, or a leading tab or carriage return). */
const FORMULA = /^[=+\-@\t\r]/;

/** One value as a CSV cell: times ISO, numbers plain, JSON for objects, quoted when needed. */
export function csvCell(value: unknown): string {
  let text: string;
  if (value === null || value === undefined) return '';
  if (value instanceof Date) text = value.toISOString();
  else if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  else if (Array.isArray(value) && value.every((v) => typeof v === 'string')) text = value.join(', ');
  else if (typeof value === 'object') text = JSON.stringify(value);
  else text = String(value);
  // A leading apostrophe keeps user-written text from running as a formula when the file is opened.
  if (FORMULA.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvRow = (values: unknown[]): string => `${values.map(csvCell).join(',')}\r\n`;
