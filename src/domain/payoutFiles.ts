import { CITY } from './city';
import { payoutDetailsProblem, type PayoutDetails } from './payoutDetails';
import { mpesaBulkRows, plainAmount, type PayoutLineForFile } from './payouts';

/** A batch line with its driver's payout details as they are now (the files are written from them). */
export interface LineToPay extends PayoutLineForFile, Omit<PayoutDetails, 'phone'> {}

/** A line no file can pay: whose, how much, and the detail that is missing or wrong. */
export interface RefusedLine {
  driverId: number;
  driverName: string;
  amountCents: number;
  payoutMethod: string;
  field: string;
  reason: string;
}

export interface PaymentFiles {
  mpesa: LineToPay[];
  bank: LineToPay[];
  refused: RefusedLine[];
}

/**
 * A batch's lines with an amount, split by how each driver is paid: M-Pesa, bank transfer, or
 * refused with the reason (a bank driver without complete bank details, a phone M-Pesa cannot pay).
 * The two files together pay every line only when nothing is refused.
 */
export function splitForFiles(lines: readonly LineToPay[]): PaymentFiles {
  const files: PaymentFiles = { mpesa: [], bank: [], refused: [] };
  for (const line of lines) {
    if (line.amountCents <= 0) continue;
    const problem = payoutDetailsProblem(line);
    if (problem)
      files.refused.push({
        driverId: line.driverId,
        driverName: line.driverName,
        amountCents: line.amountCents,
        payoutMethod: line.payoutMethod,
        field: problem.field,
        reason: problem.message,
      });
    else (line.payoutMethod === 'bank' ? files.bank : files.mpesa).push(line);
  }
  return files;
}

export const BANK_FILE_HEADER = [
  'Beneficiary Name',
  'Account Number',
  'Bank Code',
  'Branch Code',
  'Amount',
  'Currency',
  'Reference',
  'Narrative',
] as const;

/**
 * Bulk EFT rows (the layout Kenyan banks' corporate portals take for KEPSS/ACH bulk transfers):
 * beneficiary, account, CBK bank code, branch code, amount (2 decimals, no separators), currency,
 * the reference shown on the driver's statement (as the M-Pesa file's) and a narrative.
 */
export function bankTransferRows(batchId: number, periodStart: string, lines: readonly LineToPay[]): string[][] {
  return [
    [...BANK_FILE_HEADER],
    ...lines.map((l) => [
      l.bankAccountHolder ?? l.driverName,
      l.bankAccountNumber ?? '',
      l.bankCode ?? '',
      l.bankBranchCode ?? '',
      plainAmount(l.amountCents),
      CITY.currency,
      `PAYOUT-${batchId}-${l.driverId}`,
      `Driver payout week of ${periodStart}`,
    ]),
  ];
}

/** The M-Pesa B2C bulk rows of the lines M-Pesa pays. */
export const mpesaRows = (batchId: number, files: PaymentFiles): string[][] => mpesaBulkRows(batchId, files.mpesa);

export const totalCents = (lines: readonly { amountCents: number }[]): number =>
  lines.reduce((sum, l) => sum + l.amountCents, 0);
