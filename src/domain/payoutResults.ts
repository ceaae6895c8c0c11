/**
 * A payout batch's results file (issue 44): what each channel (M-Pesa, the bank) did with each
 * line, in our own CSV format, read into a plan of what importing it does. Pure, so that the panel
 * previews exactly what the server will write, and the server refuses exactly what the panel shows.
 *
 * Columns (a header row, in any order; docs/payout-results.md):
 *   Line       the line's payment reference as the payment files wrote it, PAYOUT-<batch>-<driver>
 *   Amount     what was paid or failed, KES with 2 decimals, equal to the line's amount
 *   Status     paid | failed
 *   Reference  the channel's transaction reference (M-Pesa receipt, bank reference); needed when paid
 *   Reason     why it failed (needed when failed); it goes into the wallet entry's note
 */
import { toCents } from './payouts';

export const RESULT_COLUMNS = ['Line', 'Amount', 'Status', 'Reference', 'Reason'] as const;
export const LINE_STATUSES = ['pending', 'paid', 'failed'] as const;
export type LineStatus = (typeof LINE_STATUSES)[number];

/** A line of the batch as the plan needs it. */
export interface ResultLine {
  id: number;
  driverId: number;
  driverName: string;
  amountCents: number;
  status: LineStatus;
  reference: string | null;
}

/** Why a row of the file cannot be imported, said by a code (app.payouts.results.problems). */
export type RowProblemCode =
  | 'unknownLine'
  | 'nothingToPay'
  | 'amountMismatch'
  | 'duplicateLine'
  | 'badStatus'
  | 'referenceNeeded'
  | 'reasonNeeded'
  | 'alreadyFailed';
export interface RowProblem {
  /** The row's number in the file as a spreadsheet counts it (the header is row 1). */
  row: number;
  code: RowProblemCode;
  params: Record<string, string>;
}

export interface PlannedLine {
  lineId: number;
  driverId: number;
  driverName: string;
  amountCents: number;
  status: 'paid' | 'failed';
  reference: string | null;
  reason: string | null;
  /** The line was pending: the wallet's payout entry is written now. */
  debit: boolean;
}

export interface ResultsPlan {
  paid: PlannedLine[];
  failed: PlannedLine[];
  /** Rows that change nothing: the line is already settled so (a second import of the same file). */
  unchanged: number;
  problems: RowProblem[];
  /** A problem with the file as a whole (no header, no rows): app.payouts.results.problems. */
  fileProblem?: 'noHeader' | 'noRows';
}

const PROBLEM_TEXT: Record<RowProblemCode, string> = {
  unknownLine: 'no line %{line} in this batch',
  nothingToPay: 'line %{line} has nothing to pay',
  amountMismatch: 'amount %{amount} is not the line’s %{expected}',
  duplicateLine: 'line %{line} is already on row %{first}',
  badStatus: 'status "%{status}" is not paid or failed',
  referenceNeeded: 'a paid line needs its reference',
  reasonNeeded: 'a failed line needs its reason',
  alreadyFailed: 'line %{line} already failed and went back to the wallet',
};

/** A row's problem in English (the server's 400 lists them by row). */
export const problemText = (p: RowProblem) =>
  PROBLEM_TEXT[p.code].replace(/%\{(\w+)\}/g, (whole, name: string) => p.params[name] ?? whole);

/** CSV text (RFC 4180: quoted cells, doubled quotes, CRLF or LF) as rows of cells; blank lines left out. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const source = text.replace(/^\uFEFF/, '');
  const endCell = () => {
    row.push(cell);
    cell = '';
  };
  const endRow = () => {
    endCell();
    rows.push(row);
    row = [];
  };
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (quoted && c === '"' && source[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (c === '"') quoted = !quoted;
    else if (quoted) cell += c;
    else if (c === ',') endCell();
    else if (c === '\n' || c === '\r') {
      if (c === '\r' && source[i + 1] === '\n') i++;
      endRow();
    } else cell += c;
  }
  if (cell !== '' || row.length) endRow();
  return rows.filter((r) => r.some((v) => v.trim() !== ''));
}

/** The key the payment files give a line: PAYOUT-<batch>-<driver>. */
export const lineKey = (batchId: number, driverId: number) => `PAYOUT-${batchId}-${driverId}`;

const AMOUNT = /^\d+(\.\d{1,2})?$/;

/**
 * What importing `csv` into the batch does: every row checked against the batch's lines first
 * (any problem and nothing is imported), then the lines to mark paid, to mark failed (their amount
 * back to the wallet), and the rows that find their line already settled so. A paid line can still
 * fail (a bank's return after a batch marked paid in one transfer); a failed line cannot be paid:
 * its money is back in the wallet and goes into the next batch.
 */
export function planResults(batchId: number, lines: readonly ResultLine[], csv: string): ResultsPlan {
  const plan: ResultsPlan = { paid: [], failed: [], unchanged: 0, problems: [] };
  const rows = parseCsv(csv);
  const header = (rows[0] ?? []).map((h) => h.trim().toLowerCase());
  const at = Object.fromEntries(RESULT_COLUMNS.map((c) => [c, header.indexOf(c.toLowerCase())]));
  if (at.Line < 0 || at.Amount < 0 || at.Status < 0) return { ...plan, fileProblem: 'noHeader' };
  if (rows.length < 2) return { ...plan, fileProblem: 'noRows' };
  const byKey = new Map(lines.map((l) => [lineKey(batchId, l.driverId), l]));
  const firstRow = new Map<string, number>();
  rows.slice(1).forEach((cells, i) => {
    const row = i + 2;
    const cell = (c: (typeof RESULT_COLUMNS)[number]) => (at[c] < 0 ? '' : (cells[at[c]] ?? '').trim());
    const key = cell('Line').toUpperCase();
    const problem = (code: RowProblemCode, params: Record<string, string> = {}) =>
      plan.problems.push({ row, code, params: { line: key, ...params } });
    const line = byKey.get(key);
    if (!line) return problem('unknownLine');
    if (line.amountCents === 0) return problem('nothingToPay');
    const first = firstRow.get(key);
    if (first) return problem('duplicateLine', { first: String(first) });
    firstRow.set(key, row);
    const amount = cell('Amount').replace(/,/g, '');
    const expected = (line.amountCents / 100).toFixed(2);
    if (!AMOUNT.test(amount) || toCents(amount) !== line.amountCents)
      return problem('amountMismatch', { amount: cell('Amount'), expected });
    const status = cell('Status').toLowerCase();
    if (status !== 'paid' && status !== 'failed') return problem('badStatus', { status: cell('Status') });
    const reference = cell('Reference') || null;
    const reason = cell('Reason') || null;
    if (status === 'paid' && !reference) return problem('referenceNeeded');
    if (status === 'failed' && !reason) return problem('reasonNeeded');
    if (line.status === 'failed' && status === 'paid') return problem('alreadyFailed');
    if (line.status === status) return void plan.unchanged++;
    const planned = { lineId: line.id, driverId: line.driverId, driverName: line.driverName };
    (status === 'paid' ? plan.paid : plan.failed).push({
      ...planned,
      amountCents: line.amountCents,
      status,
      reference,
      reason: status === 'failed' ? reason : null,
      debit: line.status === 'pending',
    });
  });
  return plan;
}

/** Every line with money is settled (paid, or failed and back in the wallet) once the plan is applied. */
export function settledAfter(lines: readonly ResultLine[], plan: ResultsPlan): boolean {
  const settled = new Set([...plan.paid, ...plan.failed].map((p) => p.lineId));
  return lines.every((l) => l.amountCents === 0 || l.status !== 'pending' || settled.has(l.id));
}

export const planTotalCents = (planned: readonly PlannedLine[]) => planned.reduce((s, p) => s + p.amountCents, 0);
