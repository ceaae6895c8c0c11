import { describe, expect, it } from 'vitest';
import { computeFare, type VehicleTypeRates } from '../../src/domain/fare.js';
import {
  SAMPLE_TRIPS,
  difference,
  discountRuleFrom,
  discountedSampleFares,
  minimumFareWarning,
  ratesFrom,
  sampleFares,
} from '../../src/domain/farePreview.js';

const economy: VehicleTypeRates = {
  baseFare: 100,
  pricePerKm: 35,
  pricePerMinute: 4,
  minimumFare: 200,
  cancellationFee: 100,
  commissionPercent: null,
};

describe('sample fares', () => {
  it('prices the three sample trips by hand: base + km + minutes, raised to the minimum', () => {
    expect(SAMPLE_TRIPS.map((s) => [s.distanceKm, s.durationMin])).toEqual([
      [3, 10],
      [12, 30],
      [25, 45],
    ]);
    const [hop, commute, airport] = sampleFares(economy, undefined);
    // 100 + 3×35 + 10×4 = 245; 100 + 420 + 120 = 640; 100 + 875 + 180 = 1155.
    expect([hop.saved!.total, commute.saved!.total, airport.saved!.total]).toEqual([245, 640, 1155]);
    expect(hop.edited).toBeUndefined();
    expect(hop.change).toBeUndefined();
    const cheap = sampleFares(undefined, { ...economy, pricePerKm: 10 })[0];
    // 100 + 30 + 40 = 170, lifted to the minimum of 200.
    expect(cheap.edited).toMatchObject({ total: 200, minimumTopUp: 30 });
  });

  it('is computeFare for the same inputs, with the default commission when the type sets none', () => {
    const edited = { ...economy, pricePerKm: 38.5, commissionPercent: 15 };
    const fares = sampleFares(economy, edited, { defaultCommissionPercent: 18, surgeMultiplier: 1.5 });
    fares.forEach(({ trip, saved, edited: after }) => {
      const input = { distanceKm: trip.distanceKm, durationMin: trip.durationMin, surgeMultiplier: 1.5 };
      expect(saved).toEqual(computeFare({ rates: economy, commissionPercent: 18, ...input }));
      expect(after).toEqual(computeFare({ rates: edited, commissionPercent: 15, ...input }));
    });
  });

  it('gives the difference in money and percent when the per-km rate rises', () => {
    const fares = sampleFares(economy, { ...economy, pricePerKm: 40 });
    // +5 per km: +15, +60, +125 on 245, 640, 1155.
    expect(fares.map((f) => f.change)).toEqual([
      { amount: 15, percent: 6.1 },
      { amount: 60, percent: 9.4 },
      { amount: 125, percent: 10.8 },
    ]);
  });
});

describe('difference', () => {
  it('is exact to the cent and rounds the percent to one decimal', () => {
    expect(difference(0.1, 0.3)).toEqual({ amount: 0.2, percent: 200 });
    expect(difference(300, 250)).toEqual({ amount: -50, percent: -16.7 });
    expect(difference(0, 0)).toEqual({ amount: 0, percent: 0 });
    expect(difference(0, 10)).toEqual({ amount: 10, percent: null });
  });
});

describe('ratesFrom', () => {
  it('reads a form’s values, text numbers included, and gives up while a rate is missing or negative', () => {
    expect(ratesFrom({ baseFare: '100', pricePerKm: 35, pricePerMinute: 4, minimumFare: 200 })).toEqual({
      baseFare: 100,
      pricePerKm: 35,
      pricePerMinute: 4,
      minimumFare: 200,
      cancellationFee: 0,
      commissionPercent: null,
    });
    expect(ratesFrom({ baseFare: 100, pricePerKm: null, pricePerMinute: 4, minimumFare: 200 })).toBeUndefined();
    expect(ratesFrom({ baseFare: -1, pricePerKm: 35, pricePerMinute: 4, minimumFare: 200 })).toBeUndefined();
    expect(ratesFrom({ baseFare: 100, pricePerKm: 'x', pricePerMinute: 4, minimumFare: 200 })).toBeUndefined();
    expect(ratesFrom(undefined)).toBeUndefined();
  });
});

describe('minimumFareWarning', () => {
  it('warns only when the minimum is below the base fare', () => {
    expect(minimumFareWarning({ baseFare: 300, minimumFare: 200 })).toBe(
      'The minimum fare is below the base fare, so it never applies',
    );
    expect(minimumFareWarning({ baseFare: 200, minimumFare: 200 })).toBeUndefined();
    expect(minimumFareWarning({ baseFare: 100, minimumFare: null })).toBeUndefined();
  });
});

describe('a discount on the sample trips', () => {
  it('takes 15 % up to KES 100 off each fare, as computeFare does', () => {
    const rule = discountRuleFrom({ kind: 'percent', value: '15', maxDiscount: 100, minFare: null })!;
    const fares = discountedSampleFares(economy, rule);
    // 245 → −36.75; 640 → −96; 1155 → −173.25 capped at −100.
    expect(fares.map((f) => f.change!.amount)).toEqual([-36.75, -96, -100]);
    fares.forEach(({ trip, edited }) =>
      expect(edited).toEqual(
        computeFare({
          rates: economy,
          commissionPercent: 0,
          distanceKm: trip.distanceKm,
          durationMin: trip.durationMin,
          surgeMultiplier: 1,
          discount: rule,
        }),
      ),
    );
  });

  it('skips trips below the minimum fare, and reads no discount from an incomplete form', () => {
    const fixed = discountRuleFrom({ kind: 'fixed', value: 100, maxDiscount: 50, minFare: 500 })!;
    expect(fixed.maxDiscount).toBeNull();
    expect(discountedSampleFares(economy, fixed).map((f) => f.change!.amount)).toEqual([0, -100, -100]);
    expect(discountRuleFrom({ kind: 'percent', value: 150 })).toBeUndefined();
    expect(discountRuleFrom({ kind: 'percent', value: null })).toBeUndefined();
    expect(discountRuleFrom({ value: 10 })).toBeUndefined();
  });
});
