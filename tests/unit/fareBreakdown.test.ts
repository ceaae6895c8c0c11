import { describe, expect, it } from 'vitest';
import { fareSummary, type FareTrip } from '../../src/domain/fareBreakdown';

const base: FareTrip = {
  status: 'completed',
  fareBase: 100,
  fareDistance: 240.3,
  fareTime: 62.4,
  fareSurge: 80.54,
  fareMinimumTopUp: 0,
  fareDiscount: 48.32,
  fareTotal: 434.92,
  surgeMultiplier: 1.2,
  distanceKm: 8.01,
  durationMin: 26,
  cancellationFee: 0,
  commission: 65.24,
  discountCode: 'RAINY10',
  discountId: 3,
};

describe('fareSummary', () => {
  it('lists the lines that apply and they add up to the total, to the cent', () => {
    const s = fareSummary(base);
    expect(s.lines).toEqual([
      { key: 'base', amount: 100 },
      { key: 'distance', amount: 240.3 },
      { key: 'time', amount: 62.4 },
      { key: 'surge', amount: 80.54 },
      { key: 'discount', amount: -48.32 },
    ]);
    expect([s.sum, s.total, s.addsUp]).toEqual([434.92, 434.92, true]);
    expect([s.chargedAs, s.charged, s.commission, s.driverEarnings]).toEqual(['fare', 434.92, 65.24, 369.68]);
    expect(s.estimate).toBe(false);
  });

  it('shows the minimum-fare top-up, and notices totals that do not add up', () => {
    const short = { ...base, fareSurge: 0, fareDiscount: 0, fareMinimumTopUp: 47.3, fareTotal: 450 };
    expect(fareSummary(short).lines.map((l) => l.key)).toEqual(['base', 'distance', 'time', 'minimumTopUp']);
    expect(fareSummary(short).addsUp).toBe(true);
    expect(fareSummary({ ...short, fareTotal: 451 }).addsUp).toBe(false);
  });

  it('charges a cancelled trip its cancellation fee only, and an unfinished one nothing yet', () => {
    const cancelled = fareSummary({
      ...base,
      status: 'cancelled_by_passenger',
      cancellationFee: 150,
      commission: 22.5,
    });
    expect([cancelled.chargedAs, cancelled.charged, cancelled.commission, cancelled.driverEarnings]).toEqual([
      'cancellationFee',
      150,
      22.5,
      127.5,
    ]);
    expect(cancelled.estimate).toBe(true);
    const free = fareSummary({ ...base, status: 'cancelled_by_driver', commission: 0 });
    expect([free.chargedAs, free.charged, free.driverEarnings]).toEqual(['nothing', 0, 0]);
    expect(fareSummary({ ...base, status: 'in_progress' }).chargedAs).toBe('pending');
  });
});
