/**
 * Driver payouts (issue 32): a driver's weekly settlement and the payout batch's files, in integer
 * cents. Pure: the server reads the trips and the wallet ledger, these rules do the arithmetic.
 */

/** Nairobi keeps UTC+3 all year (no daylight saving), so a city day starts at 21:00 UTC the day before. */
const CITY_OFFSET_MS = 3 * 3600_000;
const DAY_MS = 86400_000;

/** KES 12.34 → 1234, exactly (numeric(12,2) values arrive as numbers or strings). */
export const toCents = (amount: number | string): number => Math.round(Number(amount) * 100);
export const fromCents = (cents: number): number => cents / 100;

export interface Period {
  /** The Monday the week starts, YYYY-MM-DD (city time). */
  start: string;
  /** The Monday after, YYYY-MM-DD: the week is [start, end). */
  end: string;
  /** The instants of the two Mondays' 00:00 in the city. */
  from: Date;
  to: Date;
}

/** Whether a YYYY-MM-DD is a real date and a Monday. */
export function isMonday(day: string): boolean {
  const date = new Date(`${day}T00:00:00Z`);
  return (
    /^\d{4}-\d{2}-\d{2}$/.test(day) &&
    !Number.isNaN(date.getTime()) &&
    date.toISOString().startsWith(day) &&
    date.getUTCDay() === 1
  );
}

/** The week starting on the Monday `start` (YYYY-MM-DD), Monday 00:00 to Monday 00:00 in the city. */
export function weekFrom(start: string): Period {
  const from = new Date(Date.parse(`${start}T00:00:00Z`) - CITY_OFFSET_MS);
  const to = new Date(from.getTime() + 7 * DAY_MS);
  const end = new Date(Date.parse(`${start}T00:00:00Z`) + 7 * DAY_MS).toISOString().slice(0, 10);
  return { start, end, from, to };
}

/** The Monday (YYYY-MM-DD) of the city week holding `at`. */
export function mondayOf(at: Date): string {
  const local = new Date(at.getTime() + CITY_OFFSET_MS);
  const back = (local.getUTCDay() + 6) % 7;
  return new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() - back))
    .toISOString()
    .slice(0, 10);
}

/** One settled trip (completed, or cancelled with a fee) as the settlement reads it. */
export interface SettledTrip {
  paymentMethod: string;
  /** The fare, or the cancellation fee. */
  chargedCents: number;
  commissionCents: number;
}

/** The wallet ledger of one driver around the period (sums of signed entries, in cents). */
export interface LedgerSums {
  /** The balance before the period. */
  openingCents: number;
  /** Trip settlements (kind `commission`) in the period. */
  tripsCents: number;
  topupsCents: number;
  adjustmentsCents: number;
  /** Payouts already made in the period (negative). */
  payoutsCents: number;
}

export interface Settlement {
  trips: number;
  /** Fares and cancellation fees of the driver's settled trips. */
  grossCents: number;
  commissionCents: number;
  /** Gross less commission: what the driver earned. */
  earningsCents: number;
  /** Fares paid in cash: already in the driver's hands. */
  cashCollectedCents: number;
  /** What the trips move in the wallet: card and wallet fares less every commission. */
  tripNetCents: number;
  openingCents: number;
  topupsCents: number;
  adjustmentsCents: number;
  payoutsCents: number;
  /** The balance at the end of the period. */
  closingCents: number;
  /** The platform owes the driver this (a positive closing balance)… */
  owedToDriverCents: number;
  /** …or the driver owes the platform this (a negative one). */
  owedByDriverCents: number;
  /** The trips' settlement equals the ledger's trip entries, to the cent. */
  reconciled: boolean;
}

/** What a finished trip moves in the driver's wallet: cash trips owe the commission; others credit the fare less it. */
export const tripSettlementCents = (t: SettledTrip): number =>
  t.paymentMethod === 'cash' ? -t.commissionCents : t.chargedCents - t.commissionCents;

/** A driver's settlement for a period, from the trips settled in it and the ledger around it. */
export function settle(trips: readonly SettledTrip[], ledger: LedgerSums): Settlement {
  let grossCents = 0;
  let commissionCents = 0;
  let cashCollectedCents = 0;
  let tripNetCents = 0;
  for (const t of trips) {
    grossCents += t.chargedCents;
    commissionCents += t.commissionCents;
    if (t.paymentMethod === 'cash') cashCollectedCents += t.chargedCents;
    tripNetCents += tripSettlementCents(t);
  }
  const closingCents =
    ledger.openingCents + ledger.tripsCents + ledger.topupsCents + ledger.adjustmentsCents + ledger.payoutsCents;
  return {
    trips: trips.length,
    grossCents,
    commissionCents,
    earningsCents: grossCents - commissionCents,
    cashCollectedCents,
    tripNetCents,
    openingCents: ledger.openingCents,
    topupsCents: ledger.topupsCents,
    adjustmentsCents: ledger.adjustmentsCents,
    payoutsCents: ledger.payoutsCents,
    closingCents,
    owedToDriverCents: Math.max(0, closingCents),
    owedByDriverCents: Math.max(0, -closingCents),
    reconciled: tripNetCents === ledger.tripsCents,
  };
}

/**
 * What a batch pays a driver: the balance owed at the period's end, but never more than the wallet
 * holds now (a payout or a debit since then already took part of it).
 */
export const payableCents = (s: Settlement, currentBalanceCents: number): number =>
  Math.max(0, Math.min(s.owedToDriverCents, currentBalanceCents));

/** +254 712 345 678 / 0712345678 → 254712345678, the MSISDN M-Pesa's bulk files take; undefined when not a Kenyan mobile. */
export function msisdn(phone: string): string | undefined {
  const digits = phone.replace(/[^\d]/g, '');
  const national = digits.startsWith('254') ? digits.slice(3) : digits.startsWith('0') ? digits.slice(1) : digits;
  return /^[17]\d{8}$/.test(national) ? `254${national}` : undefined;
}

/** "1234.50": the amount as bank and M-Pesa files write it (no thousands separator). */
export const plainAmount = (cents: number): string => {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};

/**
 * One driver's line in a payout batch, amounts in KES, as stored (payout_lines, whose table type
 * adds its keys) and as the API answers it inside a batch (PayoutLine adds `id` and `earnings`).
 */
export interface PayoutLineFields {
  driverId: number;
  driverName: string;
  phone: string;
  trips: number;
  gross: number;
  commission: number;
  cashCollected: number;
  tripNet: number;
  opening: number;
  topups: number;
  adjustments: number;
  payouts: number;
  closing: number;
  amount: number;
  transactionId: number | null;
}

/** A batch's line as the panel and the API read it: gross less commission is the driver's earnings. */
export interface PayoutLine extends PayoutLineFields {
  id: number;
  earnings: number;
  /** How the driver is paid out now (the files read it when made), and where to when by bank. */
  payoutMethod: string;
  bankCode: string | null;
  bankAccountMasked: string | null;
  /** Settled line by line (issue 44): paid with the channel's reference, or failed and back in the wallet. */
  status: 'pending' | 'paid' | 'failed';
  reference: string | null;
  failureReason: string | null;
}

export interface PayoutLineForFile {
  driverId: number;
  driverName: string;
  phone: string;
  amountCents: number;
}

/**
 * M-Pesa B2C bulk payment rows: MSISDN (2547…), amount, the recipient's name and the reference
 * shown on their statement (batch and driver). Lines of 0 are left out.
 */
export function mpesaBulkRows(batchId: number, lines: readonly PayoutLineForFile[]): string[][] {
  return [
    ['MSISDN', 'Amount', 'Name', 'Reference'],
    ...lines
      .filter((l) => l.amountCents > 0)
      .map((l) => [
        msisdn(l.phone) ?? l.phone,
        plainAmount(l.amountCents),
        l.driverName,
        `PAYOUT-${batchId}-${l.driverId}`,
      ]),
  ];
}

/**
 * A batch line's amounts as the table shows them, left to right: fares − commission = earnings, and
 * earnings − cash collected + opening + top-ups + adjustments + payouts earlier = closing balance;
 * what is paid is that balance when owed to the driver, at most what the wallet held when prepared.
 */
export const LINE_AMOUNTS = [
  'gross',
  'commission',
  'earnings',
  'cashCollected',
  'opening',
  'topups',
  'adjustments',
  'payouts',
  'closing',
  'amount',
] as const;
export type LineAmount = (typeof LINE_AMOUNTS)[number];

/** What a line takes away, stored positive: shown with its minus sign so each row adds up (payouts are stored negative). */
const TAKEN_AWAY: ReadonlySet<LineAmount> = new Set(['commission', 'cashCollected']);

/** A line's amounts in KES, signed as they add up: commission and cash collected negative. */
export function signedLineAmounts(line: Pick<PayoutLine, LineAmount>): Record<LineAmount, number> {
  const out = {} as Record<LineAmount, number>;
  // `|| 0`: a nothing taken away is 0, not −0 (which Intl writes "-0.00").
  for (const key of LINE_AMOUNTS) out[key] = (TAKEN_AWAY.has(key) ? -Number(line[key]) : Number(line[key])) || 0;
  return out;
}

/** The batch's totals row: trips counted, every amount summed in cents (so 0.1 + 0.2 is 0.30) and signed as the lines. */
export function lineTotals(
  lines: readonly Pick<PayoutLine, LineAmount | 'trips'>[],
): Record<LineAmount, number> & { trips: number } {
  const cents = Object.fromEntries(LINE_AMOUNTS.map((k) => [k, 0])) as Record<LineAmount, number>;
  let trips = 0;
  for (const line of lines) {
    trips += line.trips;
    const signed = signedLineAmounts(line);
    for (const key of LINE_AMOUNTS) cents[key] += toCents(signed[key]);
  }
  const totals = { trips } as Record<LineAmount, number> & { trips: number };
  for (const key of LINE_AMOUNTS) totals[key] = fromCents(cents[key]);
  return totals;
}
