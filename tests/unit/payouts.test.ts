import { describe, expect, it } from 'vitest';
import {
  isMonday,
  lineTotals,
  mondayOf,
  mpesaBulkRows,
  msisdn,
  payableCents,
  plainAmount,
  settle,
  signedLineAmounts,
  toCents,
  weekFrom,
} from '../../src/domain/payouts';

const ledger = { openingCents: 0, tripsCents: 0, topupsCents: 0, adjustmentsCents: 0, payoutsCents: 0 };

describe('a driver’s weekly settlement (integer cents)', () => {
  const trips = [
    { paymentMethod: 'card', chargedCents: 100_050, commissionCents: 20_010 },
    { paymentMethod: 'cash', chargedCents: 50_000, commissionCents: 10_000 },
    { paymentMethod: 'wallet', chargedCents: 33_333, commissionCents: 6_667 },
  ];

  it('adds earnings, commission, cash collected and the trips’ wallet movement', () => {
    const s = settle(trips, { ...ledger, tripsCents: 100_050 - 20_010 - 10_000 + 33_333 - 6_667 });
    expect(s).toMatchObject({
      trips: 3,
      grossCents: 183_383,
      commissionCents: 36_677,
      earningsCents: 146_706,
      cashCollectedCents: 50_000,
      tripNetCents: 96_706,
      reconciled: true,
    });
    // Earnings less the cash the driver already holds is what the trips put in the wallet.
    expect(s.earningsCents - s.cashCollectedCents).toBe(s.tripNetCents);
  });

  it('closes the balance with the opening, top-ups, adjustments and earlier payouts; owed either way', () => {
    const s = settle(trips, {
      openingCents: -5_000,
      tripsCents: 96_706,
      topupsCents: 150_000,
      adjustmentsCents: -25_000,
      payoutsCents: -200_000,
    });
    expect(s.closingCents).toBe(-5_000 + 96_706 + 150_000 - 25_000 - 200_000);
    expect(s.owedToDriverCents).toBe(16_706);
    expect(s.owedByDriverCents).toBe(0);
    const owing = settle([{ paymentMethod: 'cash', chargedCents: 90_000, commissionCents: 18_000 }], {
      ...ledger,
      tripsCents: -18_000,
    });
    expect(owing).toMatchObject({ closingCents: -18_000, owedToDriverCents: 0, owedByDriverCents: 18_000 });
  });

  it('is not reconciled when the ledger’s trip entries differ from the trips by a cent', () => {
    expect(settle(trips, { ...ledger, tripsCents: 96_705 }).reconciled).toBe(false);
  });

  it('pays what is owed, never more than the wallet holds now', () => {
    const s = settle([], { ...ledger, openingCents: 50_000 });
    expect(payableCents(s, 80_000)).toBe(50_000);
    expect(payableCents(s, 30_000)).toBe(30_000);
    expect(payableCents(s, -100)).toBe(0);
  });

  it('reads money exactly: 0.1 + 0.2 style sums stay whole cents', () => {
    expect(toCents('1234.56')).toBe(123_456);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(plainAmount(123_405)).toBe('1234.05');
    expect(plainAmount(-7)).toBe('-0.07');
  });
});

describe('weeks in the city (Monday to Monday, Nairobi time)', () => {
  it('starts at Monday 00:00 in Nairobi (21:00 UTC on Sunday)', () => {
    const week = weekFrom('2026-11-16');
    expect(week.from.toISOString()).toBe('2026-11-15T21:00:00.000Z');
    expect(week.to.toISOString()).toBe('2026-11-22T21:00:00.000Z');
    expect(week.end).toBe('2026-11-23');
  });

  it('finds the Monday of any instant, by the city’s clock', () => {
    expect(mondayOf(new Date('2026-11-15T21:30:00Z'))).toBe('2026-11-16'); // Monday 00:30 in Nairobi
    expect(mondayOf(new Date('2026-11-15T20:30:00Z'))).toBe('2026-11-09'); // still Sunday there
    expect(isMonday('2026-11-16')).toBe(true);
    expect(isMonday('2026-11-17')).toBe(false);
    expect(isMonday('2026-02-30')).toBe(false);
  });
});

describe('the M-Pesa bulk payment file', () => {
  it('writes MSISDN, amount, name and reference, leaving out lines of 0', () => {
    expect(msisdn('+254 712 345 678')).toBe('254712345678');
    expect(msisdn('0712345678')).toBe('254712345678');
    expect(msisdn('0112345678')).toBe('254112345678');
    expect(msisdn('12345')).toBeUndefined();
    expect(
      mpesaBulkRows(7, [
        { driverId: 3, driverName: 'Ann Wanjiru', phone: '+254712345678', amountCents: 150_050 },
        { driverId: 4, driverName: 'Ben Otieno', phone: '+254722000111', amountCents: 0 },
      ]),
    ).toEqual([
      ['MSISDN', 'Amount', 'Name', 'Reference'],
      ['254712345678', '1500.50', 'Ann Wanjiru', 'PAYOUT-7-3'],
    ]);
  });
});

describe('a payout batch’s lines as the table shows them', () => {
  const line = {
    trips: 3,
    gross: 1000,
    commission: 200,
    earnings: 800,
    cashCollected: 600,
    opening: -300,
    topups: 50,
    adjustments: -10.1,
    payouts: -100,
    closing: -160.1,
    amount: 0,
  };

  it('signs what is taken away, so each row adds up to its closing balance', () => {
    const s = signedLineAmounts(line);
    expect(s).toMatchObject({ commission: -200, cashCollected: -600, payouts: -100, opening: -300 });
    expect(toCents(s.gross) + toCents(s.commission)).toBe(toCents(s.earnings));
    const terms = [s.earnings, s.cashCollected, s.opening, s.topups, s.adjustments, s.payouts];
    expect(terms.reduce((sum, v) => sum + toCents(v), 0)).toBe(toCents(s.closing));
  });

  it('writes nothing taken away as 0, not −0', () => {
    const s = signedLineAmounts({ ...line, commission: 0, cashCollected: 0 });
    expect(Object.is(s.commission, 0) && Object.is(s.cashCollected, 0)).toBe(true);
  });

  it('totals trips and every amount to the cent', () => {
    const other = { ...line, trips: 1, gross: 0.1, commission: 0.2, earnings: -0.1, cashCollected: 0.1, amount: 0.3 };
    expect(lineTotals([line, other])).toMatchObject({
      trips: 4,
      gross: 1000.1,
      commission: -200.2,
      earnings: 799.9,
      cashCollected: -600.1,
      adjustments: -20.2,
      amount: 0.3,
    });
    expect(lineTotals([])).toMatchObject({ trips: 0, closing: 0 });
  });
});
