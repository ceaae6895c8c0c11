import { describe, expect, it } from 'vitest';
import { computeFare } from '../../src/domain/fare.js';
import {
  calculatorZoneOptions,
  duplicateFarePair,
  fixedFareFor,
  zoneEffectOf,
  type FixedFareRule,
} from '../../src/domain/zoneFares.js';

const JKIA = 1;
const CBD = 2;
const WESTLANDS = 3;
const ECONOMY = 10;
const COMFORT = 11;

const rule = (over: Partial<FixedFareRule>): FixedFareRule => ({
  id: 1,
  fromZoneId: JKIA,
  toZoneId: CBD,
  vehicleTypeId: null,
  amount: 2500,
  bothWays: false,
  active: true,
  ...over,
});

describe('the fixed fare of a trip between two zones', () => {
  it('applies from A to B, and from B to A only when it goes both ways', () => {
    const oneWay = rule({});
    expect(fixedFareFor([oneWay], [JKIA], [CBD], ECONOMY)).toBe(oneWay);
    expect(fixedFareFor([oneWay], [CBD], [JKIA], ECONOMY)).toBeUndefined();
    const both = rule({ bothWays: true });
    expect(fixedFareFor([both], [CBD], [JKIA], ECONOMY)).toBe(both);
    expect(fixedFareFor([both], [WESTLANDS], [JKIA], ECONOMY)).toBeUndefined();
  });

  it("prefers the vehicle type's own fare, then the declared direction, then the lowest amount; ignores inactive ones", () => {
    const all = rule({ id: 1, amount: 2000 });
    const comfort = rule({ id: 2, vehicleTypeId: COMFORT, amount: 3200 });
    const inactive = rule({ id: 3, vehicleTypeId: ECONOMY, amount: 100, active: false });
    expect(fixedFareFor([all, comfort, inactive], [JKIA], [CBD], COMFORT)).toBe(comfort);
    expect(fixedFareFor([all, comfort, inactive], [JKIA], [CBD], ECONOMY)).toBe(all);
    const reverse = rule({ id: 4, fromZoneId: CBD, toZoneId: JKIA, bothWays: true, amount: 1000 });
    expect(fixedFareFor([reverse, all], [JKIA], [CBD], ECONOMY)).toBe(all);
    const cheaper = rule({ id: 5, fromZoneId: WESTLANDS, amount: 1800 });
    expect(fixedFareFor([all, cheaper], [JKIA, WESTLANDS], [CBD], ECONOMY)).toBe(cheaper);
  });

  it('refuses a duplicate pair for the same vehicle type, including the reverse of a both-ways fare', () => {
    const existing = [rule({ id: 7, bothWays: true })];
    const message = 'A fixed fare between these zones exists already for this vehicle type';
    expect(duplicateFarePair({ fromZoneId: JKIA, toZoneId: CBD, vehicleTypeId: null, bothWays: false }, existing)).toBe(
      message,
    );
    expect(duplicateFarePair({ fromZoneId: CBD, toZoneId: JKIA, vehicleTypeId: null, bothWays: false }, existing)).toBe(
      message,
    );
    // Another vehicle type, or the record itself being edited, is no duplicate.
    expect(
      duplicateFarePair({ fromZoneId: JKIA, toZoneId: CBD, vehicleTypeId: ECONOMY, bothWays: true }, existing),
    ).toBeUndefined();
    expect(
      duplicateFarePair({ id: 7, fromZoneId: JKIA, toZoneId: CBD, vehicleTypeId: null, bothWays: true }, existing),
    ).toBeUndefined();
    // One-way A→B and one-way B→A may both exist (different prices each way).
    const oneWay = [rule({ id: 8 })];
    expect(
      duplicateFarePair({ fromZoneId: CBD, toZoneId: JKIA, vehicleTypeId: null, bothWays: false }, oneWay),
    ).toBeUndefined();
  });
});

describe('a fixed fare in the fare rules', () => {
  const rates = {
    baseFare: 100,
    pricePerKm: 35,
    pricePerMinute: 4,
    minimumFare: 3000,
    cancellationFee: 100,
    commissionPercent: null,
  };
  it('replaces base, distance and time, with no surge and no minimum; a discount still applies', () => {
    const f = computeFare({
      rates,
      commissionPercent: 20,
      distanceKm: 18.2,
      durationMin: 50,
      surgeMultiplier: 1.5,
      fixedFare: 2500,
      discount: { kind: 'fixed', value: 200, maxDiscount: null, minFare: null },
    });
    expect(f).toMatchObject({
      distanceKm: 18.2,
      surgeMultiplier: 1,
      base: 2500,
      distance: 0,
      time: 0,
      surge: 0,
      minimumTopUp: 0,
      discount: 200,
      total: 2300,
      commission: 460,
    });
  });
});

describe("the zone's effect as a line", () => {
  it('names a fixed fare first, else the zones and their surge, else nothing', () => {
    expect(zoneEffectOf({ fixedFare: { name: 'JKIA → CBD', amount: 2500 }, zoneSurge: 0.2, zones: ['JKIA'] })).toEqual({
      kind: 'fixed',
      route: 'JKIA → CBD',
      amount: 2500,
    });
    expect(zoneEffectOf({ fixedFare: null, zoneSurge: 0.2, zones: ['Westlands', 'Parklands'] })).toEqual({
      kind: 'surge',
      multiplier: 1.2,
      zones: 'Westlands, Parklands',
    });
    expect(zoneEffectOf({ fixedFare: null, zoneSurge: 0, zones: ['Kilimani'] })).toBeUndefined();
  });

  it("offers the calculator the surging zones and the vehicle type's fixed fares", () => {
    const zones = [
      { id: 1, name: 'Westlands', surgeMultiplier: 1.25, active: true },
      { id: 2, name: 'Kilimani', surgeMultiplier: 1, active: true },
      { id: 3, name: 'Closed', surgeMultiplier: 2, active: false },
    ];
    const fares = [
      { id: 5, route: 'JKIA → CBD', amount: 2500, vehicleTypeId: null, active: true },
      { id: 6, route: 'JKIA → CBD', amount: 3100, vehicleTypeId: COMFORT, active: true },
    ];
    const options = calculatorZoneOptions(zones, fares, ECONOMY);
    expect(options.map((o) => [o.key, o.zone])).toEqual([
      ['zone-1', { surgeExtra: 0.25 }],
      ['fare-5', { fixedFare: 2500 }],
    ]);
    expect(calculatorZoneOptions(zones, fares, COMFORT).map((o) => o.key)).toEqual(['zone-1', 'fare-5', 'fare-6']);
  });
});
