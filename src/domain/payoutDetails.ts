import * as yup from 'yup';
import { PAYOUT_METHODS } from './enums';
import { oneOf, text } from './fieldRules';
import { refusal } from './messageCodes';
import { msisdn } from './payouts';

/**
 * Kenyan banks by their Central Bank of Kenya code, the code a bulk EFT (KEPSS/ACH) file names the
 * beneficiary's bank by; the branch is its own 3-digit code.
 */
export const KENYAN_BANKS = [
  { code: '01', name: 'KCB Bank Kenya' },
  { code: '02', name: 'Standard Chartered Bank Kenya' },
  { code: '03', name: 'Absa Bank Kenya' },
  { code: '07', name: 'NCBA Bank Kenya' },
  { code: '10', name: 'Prime Bank' },
  { code: '11', name: 'Co-operative Bank of Kenya' },
  { code: '12', name: 'National Bank of Kenya' },
  { code: '31', name: 'Stanbic Bank Kenya' },
  { code: '57', name: 'I&M Bank' },
  { code: '63', name: 'Diamond Trust Bank' },
  { code: '68', name: 'Equity Bank Kenya' },
  { code: '70', name: 'Family Bank' },
] as const;
export const BANK_CODES = KENYAN_BANKS.map((b) => b.code);
export const bankName = (code: string | null | undefined): string | undefined =>
  KENYAN_BANKS.find((b) => b.code === code)?.name;

export const ACCOUNT_DIGITS = { min: 8, max: 16 } as const;
const ACCOUNT_PATTERN = new RegExp(`^\\d{${ACCOUNT_DIGITS.min},${ACCOUNT_DIGITS.max}}$`);
const BRANCH_PATTERN = /^\d{3}$/;

const emptyToNull = (value: unknown) => (value === '' ? null : value);
/** Digits only: spaces and dashes people type between groups are dropped, anything else is refused. */
const digitsOf = (value: unknown) => (typeof value === 'string' ? value.replace(/[\s-]/g, '') : value);

/**
 * The payout fields of a driver's write rules. Each field alone; that a bank payout has all its bank
 * details is checked on the record as it will be stored (payoutDetailsProblem), since an update may
 * send only some of them.
 */
export const payoutDetailsRules = {
  payoutMethod: oneOf(PAYOUT_METHODS, 'Payout method'),
  bankCode: oneOf(BANK_CODES, 'Bank').transform(emptyToNull).nullable(),
  bankBranchCode: yup
    .string()
    .trim()
    .transform(emptyToNull)
    .matches(BRANCH_PATTERN, refusal('digits', { label: 'Branch code', count: 3 }))
    .nullable(),
  bankAccountHolder: text('Account holder', 80).transform(emptyToNull).nullable(),
  bankAccountNumber: yup
    .string()
    .transform((value: unknown) => emptyToNull(digitsOf(value)))
    .matches(
      ACCOUNT_PATTERN,
      refusal('digitsBetween', { label: 'Account number', min: ACCOUNT_DIGITS.min, max: ACCOUNT_DIGITS.max }),
    )
    .nullable(),
};

export interface PayoutDetails {
  payoutMethod: string;
  phone?: string | null;
  bankCode?: string | null;
  bankBranchCode?: string | null;
  bankAccountHolder?: string | null;
  bankAccountNumber?: string | null;
}

/** The first thing that keeps a driver from being paid the way they chose: the field and why. */
export function payoutDetailsProblem(d: PayoutDetails): { field: keyof PayoutDetails; message: string } | undefined {
  if (d.payoutMethod !== 'bank') {
    if (d.phone !== undefined && !msisdn(d.phone ?? '')) return { field: 'phone', message: refusal('notMobileMoney') };
    return undefined;
  }
  const need = (field: keyof PayoutDetails, label: string) => ({
    field,
    message: refusal('requiredForBank', { label }),
  });
  if (!d.bankAccountHolder?.trim()) return need('bankAccountHolder', 'Account holder');
  if (!d.bankCode) return need('bankCode', 'Bank');
  if (!bankName(d.bankCode))
    return { field: 'bankCode', message: refusal('oneOf', { label: 'Bank', values: BANK_CODES.join(', ') }) };
  if (!d.bankBranchCode) return need('bankBranchCode', 'Branch code');
  if (!BRANCH_PATTERN.test(d.bankBranchCode))
    return { field: 'bankBranchCode', message: refusal('digits', { label: 'Branch code', count: 3 }) };
  if (!d.bankAccountNumber) return need('bankAccountNumber', 'Account number');
  if (!ACCOUNT_PATTERN.test(d.bankAccountNumber))
    return {
      field: 'bankAccountNumber',
      message: refusal('digitsBetween', { label: 'Account number', min: ACCOUNT_DIGITS.min, max: ACCOUNT_DIGITS.max }),
    };
  return undefined;
}

/** An account number as lists and show screens print it: its last 4 digits behind a mask. */
export const maskAccountNumber = (n: string | null | undefined): string | null => (n ? `••••${n.slice(-4)}` : null);

/** The payout details form's rules (the driver's own update rules, these fields only). */
export const payoutDetailsSchema = yup.object(payoutDetailsRules);
