import { describe, expect, it } from 'vitest';
import {
  driverAcceptanceRate,
  driverCancellationRate,
  driverEarnings,
  driverPeriods,
} from '../../src/domain/driverStats';

const NAIROBI = 'Africa/Nairobi';

describe("a driver page's periods on the city's clock", () => {
  it('start the week on Monday and the month on the 1st, in Nairobi time', () => {
    // Tuesday 24 November 2026, 14:00 in Nairobi.
    expect(driverPeriods(new Date('2026-11-24T11:00:00Z'), NAIROBI)).toEqual({
      today: '2026-11-24',
      weekFrom: '2026-11-23',
      monthFrom: '2026-11-01',
      last30From: '2026-10-26',
    });
  });

  it('already count a Sunday 22:00 UTC as Monday in Nairobi: a new week, and a new month on the 1st', () => {
    // Sunday 30 November 2026, 22:30 UTC is Monday 1 December, 01:30 in Nairobi.
    expect(driverPeriods(new Date('2026-11-30T22:30:00Z'), NAIROBI)).toMatchObject({
      today: '2026-12-01',
      weekFrom: '2026-11-30',
      monthFrom: '2026-12-01',
    });
    // Sunday 29 November, 20:59 UTC is still Sunday 23:59 in Nairobi: the week began on the 23rd.
    expect(driverPeriods(new Date('2026-11-29T20:59:00Z'), NAIROBI).weekFrom).toBe('2026-11-23');
  });

  it('keep a week that began in the previous month', () => {
    expect(driverPeriods(new Date('2026-12-02T09:00:00Z'), NAIROBI)).toMatchObject({
      weekFrom: '2026-11-30',
      monthFrom: '2026-12-01',
    });
  });
});

describe("a driver's earnings and cancellation rate", () => {
  it('earn the fares and cancellation fees less the commission, to the cent', () => {
    expect(driverEarnings({ fareTotal: 1234.56, cancellationFee: 100.1, commission: 185.18 })).toBe(1149.48);
    expect(driverEarnings({ fareTotal: 0.1, cancellationFee: 0.2, commission: 0 })).toBe(0.3);
    expect(driverEarnings({ fareTotal: 0, cancellationFee: 0, commission: 0 })).toBe(0);
  });

  it('rate cancellations over the trips given, with no rate before any trip', () => {
    expect(driverCancellationRate(40, 3)).toBe(0.075);
    expect(driverCancellationRate(40, 0)).toBe(0);
    expect(driverCancellationRate(0, 0)).toBeNull();
    expect(driverCancellationRate(5, 9)).toBe(1);
  });
});

describe('driverAcceptanceRate', () => {
  it('is accepted over accepted, declined and timed out, and null without any', () => {
    expect(driverAcceptanceRate(9, 1, 0)).toBe(0.9);
    expect(driverAcceptanceRate(3, 1, 1)).toBe(0.6);
    expect(driverAcceptanceRate(0, 2, 2)).toBe(0);
    expect(driverAcceptanceRate(0, 0, 0)).toBeNull();
  });
});
