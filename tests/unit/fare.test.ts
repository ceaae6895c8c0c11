import { describe, expect, it } from 'vitest';
import {
  bidRange,
  computeFare,
  discountUsable,
  estimateRoute,
  haversineKm,
  localClock,
  resolvePricing,
  surgeMultiplier,
  type SurgeRule,
  type VehicleTypeRates,
} from '../../src/domain/fare.js';

const economy: VehicleTypeRates = {
  baseFare: 100,
  pricePerKm: 35,
  pricePerMinute: 4,
  minimumFare: 200,
  cancellationFee: 100,
  commissionPercent: null,
};
const fare = (over: Partial<Parameters<typeof computeFare>[0]>) =>
  computeFare({
    rates: economy,
    commissionPercent: 18,
    distanceKm: 10.5,
    durationMin: 29,
    surgeMultiplier: 1,
    ...over,
  });

describe('fare: parts, surge, minimum, discount, commission (hand-computed)', () => {
  it('adds base, distance and time', () => {
    // 100 + 35 × 10.5 = 367.50 + 4 × 29 = 116 → 583.50; 18 % of it = 105.03
    expect(fare({})).toEqual({
      distanceKm: 10.5,
      durationMin: 29,
      surgeMultiplier: 1,
      base: 100,
      distance: 367.5,
      time: 116,
      surge: 0,
      minimumTopUp: 0,
      discount: 0,
      total: 583.5,
      commissionPercent: 18,
      commission: 105.03,
    });
  });

  it('applies surge to base + distance + time and rounds the commission half up', () => {
    // surge = 583.50 × 0.5 = 291.75; total 875.25; 18 % = 157.545 → 157.55
    const f = fare({ surgeMultiplier: 1.5 });
    expect(f).toMatchObject({ surge: 291.75, total: 875.25, commission: 157.55, surgeMultiplier: 1.5 });
  });

  it('lifts a short trip to the minimum fare, but not once surge passes it', () => {
    // 100 + 35 × 1.2 = 42 + 4 × 4 = 16 → 158, below 200: top-up 42
    expect(fare({ distanceKm: 1.2, durationMin: 4 })).toMatchObject({
      distance: 42,
      time: 16,
      minimumTopUp: 42,
      total: 200,
      commission: 36,
    });
    // with surge 1.3: 158 + 47.40 = 205.40, above 200
    expect(fare({ distanceKm: 1.2, durationMin: 4, surgeMultiplier: 1.3 })).toMatchObject({
      surge: 47.4,
      minimumTopUp: 0,
      total: 205.4,
    });
  });

  it('takes a percent discount with its cap, a fixed one, and none below the discount minimum', () => {
    // 20 % of 875.25 = 175.05, capped at 100
    expect(
      fare({ surgeMultiplier: 1.5, discount: { kind: 'percent', value: 20, maxDiscount: 100, minFare: null } }),
    ).toMatchObject({ discount: 100, total: 775.25 });
    // 10 % of 583.50 = 58.35 (no cap); commission 18 % of 525.15 = 94.527 → 94.53
    expect(fare({ discount: { kind: 'percent', value: 10, maxDiscount: null, minFare: null } })).toMatchObject({
      discount: 58.35,
      total: 525.15,
      commission: 94.53,
    });
    expect(fare({ discount: { kind: 'fixed', value: 150, maxDiscount: null, minFare: 500 } })).toMatchObject({
      discount: 150,
      total: 433.5,
    });
    expect(fare({ discount: { kind: 'fixed', value: 150, maxDiscount: null, minFare: 600 } })).toMatchObject({
      discount: 0,
      total: 583.5,
    });
    // a fixed discount never makes the fare negative
    expect(
      fare({
        distanceKm: 1.2,
        durationMin: 4,
        discount: { kind: 'fixed', value: 500, maxDiscount: null, minFare: null },
      }),
    ).toMatchObject({ discount: 200, total: 0, commission: 0 });
  });

  it('has no floating-point drift on awkward decimals', () => {
    // 0.1 km steps at 33.33/km: 33.33 × 10.05 = 334.9665 → 334.97
    const f = computeFare({
      rates: { ...economy, pricePerKm: 33.33, pricePerMinute: 0 },
      commissionPercent: 12.5,
      distanceKm: 10.05,
      durationMin: 1,
      surgeMultiplier: 1,
    });
    expect(f.distance).toBe(334.97);
    expect(f.total).toBe(434.97);
    // 12.5 % of 434.97 = 54.37125 → 54.37
    expect(f.commission).toBe(54.37);
  });
});

describe('fare: distance and duration from the straight line', () => {
  it('measures 0.01° of latitude as 1.112 km and adds 30 % for roads at 22 km/h', () => {
    expect(haversineKm({ lat: -1.3, lng: 36.8 }, { lat: -1.29, lng: 36.8 })).toBeCloseTo(1.11195, 4);
    // 1.11195 × 1.3 = 1.4455 → 1.45 km; 1.45 / 22 × 60 = 3.95 → 4 min
    expect(estimateRoute({ lat: -1.3, lng: 36.8 }, { lat: -1.29, lng: 36.8 })).toEqual({
      distanceKm: 1.45,
      durationMin: 4,
    });
    // 0.1° of latitude: 11.1195 × 1.3 = 14.455 → 14.46 km (half up); 14.46 / 22 × 60 = 39.4 → 40 min
    expect(estimateRoute({ lat: -1.3, lng: 36.8 }, { lat: -1.2, lng: 36.8 })).toEqual({
      distanceKm: 14.46,
      durationMin: 40,
    });
    expect(estimateRoute({ lat: -1.3, lng: 36.8 }, { lat: -1.3, lng: 36.8 })).toEqual({
      distanceKm: 0,
      durationMin: 1,
    });
  });
});

describe('fare: surge windows on the Nairobi clock', () => {
  const rules: SurgeRule[] = [
    { label: 'Weekday morning', days: [1, 2, 3, 4, 5], from: '07:00', to: '09:30', multiplier: 1.3 },
    { label: 'Weekday evening', days: [1, 2, 3, 4, 5], from: '17:00', to: '20:00', multiplier: 1.5 },
    { label: 'Weekend nights', days: [5, 6], from: '22:00', to: '03:00', multiplier: 1.4 },
  ];
  // Nairobi is UTC+3 all year.
  const at = (iso: string) => new Date(iso);

  it('reads weekday and minute in Africa/Nairobi', () => {
    expect(localClock(at('2026-03-06T20:30:00Z'))).toEqual({ day: 5, minute: 23 * 60 + 30 }); // Friday 23:30
    expect(localClock(at('2026-03-08T22:15:00Z'))).toEqual({ day: 1, minute: 75 }); // Monday 01:15
  });

  it('applies a window from its start (inclusive) to its end (exclusive)', () => {
    expect(surgeMultiplier(rules, at('2026-03-04T04:00:00Z'))).toBe(1.3); // Wednesday 07:00
    expect(surgeMultiplier(rules, at('2026-03-04T06:29:00Z'))).toBe(1.3); // 09:29
    expect(surgeMultiplier(rules, at('2026-03-04T06:30:00Z'))).toBe(1); // 09:30
    expect(surgeMultiplier(rules, at('2026-03-04T14:00:00Z'))).toBe(1.5); // 17:00
    expect(surgeMultiplier(rules, at('2026-03-07T14:00:00Z'))).toBe(1); // Saturday 17:00
  });

  it('runs a window past midnight into the next day', () => {
    expect(surgeMultiplier(rules, at('2026-03-06T20:30:00Z'))).toBe(1.4); // Friday 23:30
    expect(surgeMultiplier(rules, at('2026-03-06T22:00:00Z'))).toBe(1.4); // Saturday 01:00, Friday's window
    expect(surgeMultiplier(rules, at('2026-03-07T22:00:00Z'))).toBe(1.4); // Sunday 01:00, Saturday's window
    expect(surgeMultiplier(rules, at('2026-03-08T22:00:00Z'))).toBe(1); // Monday 01:00: Sunday is not listed
    expect(surgeMultiplier(rules, at('2026-03-07T00:00:00Z'))).toBe(1); // Saturday 03:00, end is exclusive
  });

  it('takes the highest of overlapping windows', () => {
    const overlapping = [...rules, { days: [3], from: '08:00', to: '08:30', multiplier: 2 }];
    expect(surgeMultiplier(overlapping, at('2026-03-04T05:10:00Z'))).toBe(2);
    expect(surgeMultiplier(overlapping, at('2026-03-04T05:40:00Z'))).toBe(1.3);
  });
});

describe('fare: price settings, bids and discount validity', () => {
  const defaults = {
    commissionPercent: 18,
    bidPercent: 20,
    surgeRules: [{ days: [1], from: '07:00', to: '09:00', multiplier: 1.3 }],
  };

  it('falls back field by field to the default settings', () => {
    expect(resolvePricing(defaults, undefined, { commissionPercent: null })).toEqual(defaults);
    expect(
      resolvePricing(defaults, { commissionPercent: null, bidPercent: 10, surgeRules: [] }, { commissionPercent: 15 }),
    ).toEqual({ commissionPercent: 15, bidPercent: 10, surgeRules: [] });
    expect(
      resolvePricing(
        defaults,
        { commissionPercent: 25, bidPercent: null, surgeRules: null, active: false },
        { commissionPercent: null },
      ),
    ).toEqual(defaults);
  });

  it('bounds a bid by the bid percentage, in whole shillings', () => {
    expect(bidRange(583.5, 20)).toEqual({ min: 467, max: 700 }); // 466.80 → 467, 700.20 → 700
    expect(bidRange(1000, 0)).toEqual({ min: 1000, max: 1000 });
  });

  it('checks the validity window and the usage limits of a discount', () => {
    const d = {
      active: true,
      validFrom: '2026-01-01T00:00:00Z',
      validTo: '2026-02-01T00:00:00Z',
      usageLimit: 10,
      timesUsed: 3,
      perPassengerLimit: 1,
    };
    expect(discountUsable(d, new Date('2026-01-15T00:00:00Z'))).toBeUndefined();
    expect(discountUsable(d, new Date('2025-12-31T00:00:00Z'))).toBe('This discount code is not valid yet');
    expect(discountUsable(d, new Date('2026-02-02T00:00:00Z'))).toBe('This discount code has expired');
    expect(discountUsable({ ...d, timesUsed: 10 }, new Date('2026-01-15T00:00:00Z'))).toBe(
      'This discount code has been used up',
    );
    expect(discountUsable(d, new Date('2026-01-15T00:00:00Z'), 1)).toBe(
      'This passenger has already used this discount code',
    );
    expect(discountUsable({ ...d, active: false }, new Date('2026-01-15T00:00:00Z'))).toBe(
      'This discount code is not active',
    );
  });
});
