import { describe, expect, it } from 'vitest';
import { computeFare, type PriceProfile, type SurgeRule } from '../../src/domain/fare.js';
import {
  calculateFare,
  describePricingChange,
  differencesFromDefault,
  pricingChangeEffects,
  type PricingDraft,
} from '../../src/domain/pricingChange.js';
import { describeWindow, formatDays, overlappingWindows, surgeWeekGrid } from '../../src/domain/surge.js';

const FRI = 5;
const SAT = 6;
const weekdayEvening: SurgeRule = {
  label: 'Evening',
  days: [1, 2, 3, 4, 5],
  from: '17:00',
  to: '20:00',
  multiplier: 1.5,
};
const weekendNight: SurgeRule = { label: 'Nights', days: [5, 6], from: '22:00', to: '03:00', multiplier: 1.4 };
const fridayPeak: SurgeRule = { days: [5], from: '18:30', to: '19:00', multiplier: 2 };

describe('the week grid', () => {
  it('colours each hour by the highest multiplier, with windows past midnight on the next morning', () => {
    const grid = surgeWeekGrid([weekdayEvening, weekendNight]);
    expect(grid).toHaveLength(7);
    expect(grid.every((row) => row.length === 24)).toBe(true);
    expect(grid[FRI][17]).toMatchObject({ max: 1.5, min: 1.5, windows: [0], overlap: false });
    expect(grid[FRI][16].max).toBe(1);
    expect(grid[FRI][23].max).toBe(1.4);
    // Friday 22:00–03:00 runs into Saturday morning; Saturday's runs into Sunday's.
    expect(grid[SAT][2]).toMatchObject({ max: 1.4, windows: [1] });
    expect(grid[SAT][3].max).toBe(1);
    expect(grid[0][2].max).toBe(1.4);
    // Thursday night is not in the window, so Friday morning has no surge.
    expect(grid[FRI][1].max).toBe(1);
  });

  it('marks overlaps, the highest winning, and a window that covers part of an hour', () => {
    const grid = surgeWeekGrid([weekdayEvening, fridayPeak]);
    expect(grid[FRI][18]).toMatchObject({ max: 2, min: 1.5, windows: [0, 1], overlap: true });
    expect(grid[4][18]).toMatchObject({ max: 1.5, overlap: false });
    expect(overlappingWindows([weekdayEvening, fridayPeak, weekendNight])).toEqual([[0, 1]]);
    expect(overlappingWindows([weekdayEvening, weekendNight])).toEqual([]);
  });
});

describe('describing windows', () => {
  it('names days as runs in the week’s order, Monday first', () => {
    expect(formatDays([1, 2, 3, 4, 5])).toBe('Mon–Fri');
    expect(formatDays([5, 6])).toBe('Fri, Sat');
    expect(formatDays([6, 0])).toBe('Sat, Sun');
    expect(formatDays([0, 1, 2, 3, 4, 5, 6])).toBe('Every day');
    expect(describeWindow(weekendNight)).toBe('Fri, Sat 22:00–03:00 (next day) ×1.4');
  });
});

const types = [
  { id: 3, name: 'Economy', commissionPercent: null },
  { id: 4, name: 'Comfort', commissionPercent: null },
];
const saved: PricingDraft = {
  defaults: { commissionPercent: 18, bidPercent: 20, surgeRules: [weekdayEvening] },
  own: {},
};

describe('the change summary', () => {
  it('says which stretch of the week changes for which vehicle type', () => {
    const economyOwn: PriceProfile = {
      commissionPercent: null,
      bidPercent: null,
      surgeRules: [weekdayEvening, { days: [FRI], from: '17:00', to: '20:00', multiplier: 1.8 }],
    };
    expect(describePricingChange(saved, { ...saved, own: { 3: economyOwn } }, types)).toEqual([
      'Economy, Fri 17:00–20:00: ×1.5 → ×1.8',
    ]);
  });

  it('lists types with the same change together, and field changes of a profile', () => {
    const after: PricingDraft = {
      defaults: {
        commissionPercent: 20,
        bidPercent: 20,
        surgeRules: [{ ...weekdayEvening, days: [1], multiplier: 1.6 }],
      },
      own: { 4: { commissionPercent: null, bidPercent: 25, surgeRules: null } },
    };
    expect(describePricingChange(saved, after, types)).toEqual([
      'Default: commission 18 % → 20 %',
      'Comfort: bid percentage default → 25 %',
      'Economy, Comfort, Mon 17:00–20:00: ×1.5 → ×1.6',
      'Economy, Comfort, Tue–Fri 17:00–20:00: ×1.5 → ×1',
    ]);
    expect(describePricingChange(saved, saved, types)).toEqual([]);
  });

  it('splits a window past midnight at midnight, days with the same change together', () => {
    const after = { ...saved, defaults: { ...saved.defaults, surgeRules: [weekdayEvening, weekendNight] } };
    expect(describePricingChange(saved, after, [types[0]])).toEqual([
      'Economy, Fri, Sat 22:00–24:00: ×1 → ×1.4',
      'Economy, Sat, Sun 00:00–03:00: ×1 → ×1.4',
    ]);
  });
});

describe('a vehicle type’s differences from the default', () => {
  const economy = types[0];
  const own = (p: Partial<PriceProfile>): PriceProfile => ({
    commissionPercent: null,
    bidPercent: null,
    surgeRules: null,
    ...p,
  });

  it('is nothing without settings of its own, or with settings equal to the default', () => {
    expect(differencesFromDefault(saved.defaults, undefined, economy)).toEqual([]);
    expect(differencesFromDefault(saved.defaults, own({ commissionPercent: 18, bidPercent: 20 }), economy)).toEqual([]);
  });

  it('names the commission, the bid and each stretch of the week its own windows price differently', () => {
    const friday = { days: [FRI], from: '17:00', to: '20:00', multiplier: 1.8 };
    expect(
      differencesFromDefault(
        saved.defaults,
        own({ commissionPercent: 20, bidPercent: 10, surgeRules: [weekdayEvening, friday] }),
        economy,
      ),
    ).toEqual(['commission 20 % (default 18 %)', 'bid 10 % (default 20 %)', 'surge Fri 17:00–20:00: ×1.5 → ×1.8']);
    // The vehicle type's own commission wins over both.
    expect(
      differencesFromDefault(saved.defaults, own({ commissionPercent: 20 }), { ...economy, commissionPercent: 15 }),
    ).toEqual(["commission 15 % (the vehicle type's own)"]);
  });

  it('says when its own windows price the week as the default, remove all surge, or change many stretches', () => {
    expect(differencesFromDefault(saved.defaults, own({ surgeRules: [weekdayEvening] }), economy)).toEqual([
      "own surge windows, pricing the week as the default's do today",
    ]);
    expect(differencesFromDefault(saved.defaults, own({ surgeRules: [] }), economy)).toEqual(['no surge at any hour']);
    expect(differencesFromDefault(saved.defaults, own({ surgeRules: [weekendNight] }), economy)).toEqual([
      'surge Mon–Fri 17:00–20:00: ×1.5 → ×1',
      'surge Fri, Sat 22:00–24:00: ×1 → ×1.4',
      'surge Sat, Sun 00:00–03:00: ×1 → ×1.4',
    ]);
    const mornings = [1, 2, 3, 4, 5, 6].map((day) => ({
      days: [day],
      from: `0${day}:00`,
      to: '09:00',
      multiplier: 1.2,
    }));
    expect(differencesFromDefault(saved.defaults, own({ surgeRules: [weekdayEvening, ...mornings] }), economy)).toEqual(
      [
        'surge Mon 01:00–09:00: ×1 → ×1.2',
        'surge Tue 02:00–09:00: ×1 → ×1.2',
        'surge Wed 03:00–09:00: ×1 → ×1.2',
        'surge Thu 04:00–09:00: ×1 → ×1.2',
        'and 2 more surge changes',
      ],
    );
  });

  it('is nothing when its own settings are switched off', () => {
    expect(differencesFromDefault(saved.defaults, { ...own({ bidPercent: 5 }), active: false }, economy)).toEqual([]);
  });
});

describe('the change in money before saving', () => {
  const rates = { baseFare: 100, pricePerKm: 35, pricePerMinute: 4, minimumFare: 200, cancellationFee: 0 };
  const priced = [
    { ...types[0], ...rates },
    { ...types[1], ...rates, commissionPercent: 15 },
  ];
  const commute = (m: number, commissionPercent: number) =>
    computeFare({
      rates: { ...rates, commissionPercent: null },
      commissionPercent,
      distanceKm: 12,
      durationMin: 30,
      surgeMultiplier: m,
    });

  it('prices the commute once per vehicle type and change of multiplier, at the first stretch with it', () => {
    // Monday to Friday evenings go from ×1.5 to ×1.6: one row per type, priced on Monday at 17:00.
    const after: PricingDraft = {
      ...saved,
      defaults: { ...saved.defaults, surgeRules: [{ ...weekdayEvening, multiplier: 1.6 }] },
    };
    const effects = pricingChangeEffects(saved, after, priced);
    expect(effects.map((e) => [e.typeName, e.when])).toEqual([
      ['Economy', 'Mon 17:00 (×1.5 → ×1.6)'],
      ['Comfort', 'Mon 17:00 (×1.5 → ×1.6)'],
    ]);
    expect(effects[0].before).toMatchObject({ total: commute(1.5, 18).total, commission: commute(1.5, 18).commission });
    expect(effects[0].after).toMatchObject({ total: commute(1.6, 18).total, commission: commute(1.6, 18).commission });
    // Comfort's own commission (15 %) applies to it.
    expect(effects[1].after.commission).toBe(commute(1.6, 15).commission);
  });

  it('gives a commission change its own row, and nothing for a change with no money in it', () => {
    const after: PricingDraft = { ...saved, defaults: { ...saved.defaults, commissionPercent: 20, bidPercent: 25 } };
    // Comfort sets its own commission: the default's change does not reach it.
    const effects = pricingChangeEffects(saved, after, priced);
    expect(effects.map((e) => [e.typeName, e.when])).toEqual([['Economy', 'At any hour']]);
    expect(effects[0].before.total).toBe(effects[0].after.total);
    expect([effects[0].before.commission, effects[0].after.commission]).toEqual([
      commute(1, 18).commission,
      commute(1, 20).commission,
    ]);
    expect(pricingChangeEffects(saved, saved, priced)).toEqual([]);
  });
});

describe('the fare calculator', () => {
  const economy = {
    baseFare: 100,
    pricePerKm: 35,
    pricePerMinute: 4,
    minimumFare: 200,
    cancellationFee: 0,
    commissionPercent: null,
  };
  it('prices as computeFare with the surge in force at that day and time, and gives the driver’s share', () => {
    const result = calculateFare({
      vehicleType: economy,
      defaults: saved.defaults,
      own: undefined,
      distanceKm: 12,
      durationMin: 30,
      day: FRI,
      time: '18:15',
    })!;
    expect(result).toMatchObject(
      computeFare({ rates: economy, commissionPercent: 18, distanceKm: 12, durationMin: 30, surgeMultiplier: 1.5 }),
    );
    // 640 × 1.5 = 960; 18 % = 172.80; the driver keeps 787.20.
    expect(result).toMatchObject({
      surgeMultiplier: 1.5,
      surge: 320,
      total: 960,
      commission: 172.8,
      driverShare: 787.2,
    });
    expect(
      calculateFare({
        vehicleType: economy,
        defaults: saved.defaults,
        own: undefined,
        distanceKm: 12,
        durationMin: 30,
        day: FRI,
        time: '20:00',
      })!.surgeMultiplier,
    ).toBe(1);
    expect(
      calculateFare({
        vehicleType: economy,
        defaults: saved.defaults,
        own: undefined,
        distanceKm: 12,
        durationMin: 30,
        day: FRI,
        time: '25:00',
      }),
    ).toBeUndefined();
  });
});
