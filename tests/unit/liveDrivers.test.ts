import { describe, expect, it } from 'vitest';
import { etaSeconds } from '../../src/domain/eta.js';
import { inBBox, parseBBox, widenBBox } from '../../src/domain/liveDrivers.js';

describe('etaSeconds', () => {
  it('drives the straight line × 1.3 at 22 km/h', () => {
    // 11 km straight → 14.3 km of road → 39 min at 22 km/h.
    expect(etaSeconds(11)).toBe(2340);
    expect(etaSeconds(2)).toBe(Math.round(((2 * 1.3) / 22) * 3600));
  });
  it('takes at least a minute for anyone not already there, and nothing for someone there', () => {
    expect(etaSeconds(0.05)).toBe(60);
    expect(etaSeconds(0)).toBe(0);
    expect(etaSeconds(Number.NaN)).toBe(0);
  });
  it('follows a given speed and road factor', () => {
    expect(etaSeconds(10, 40, 1)).toBe(900);
  });
});

describe('bbox', () => {
  it('reads minLng,minLat,maxLng,maxLat from a string or an array', () => {
    expect(parseBBox('36.7,-1.37,36.95,-1.2')).toEqual([36.7, -1.37, 36.95, -1.2]);
    expect(parseBBox([36.7, -1.37, 36.95, -1.2])).toEqual([36.7, -1.37, 36.95, -1.2]);
  });
  it('says what is wrong with a bad one', () => {
    expect(parseBBox('1,2,3')).toBe('bbox must be minLng,minLat,maxLng,maxLat');
    expect(parseBBox('a,b,c,d')).toBe('bbox must be four numbers');
    expect(parseBBox('36.95,-1.2,36.7,-1.37')).toBe('bbox must list the south-west corner first');
    expect(parseBBox('-200,0,0,1')).toBe('bbox is outside the world');
    expect(parseBBox(undefined)).toBe('bbox must be minLng,minLat,maxLng,maxLat');
  });
  it('widens by 10 % of its size on every side', () => {
    const wide = widenBBox([36.8, -1.3, 36.9, -1.2]);
    expect(wide.map((v) => Math.round(v * 1000) / 1000)).toEqual([36.79, -1.31, 36.91, -1.19]);
    expect(inBBox(wide, -1.305, 36.795)).toBe(true);
    expect(inBBox(wide, -1.32, 36.85)).toBe(false);
  });
});

describe('offer cascade rules', async () => {
  const { offerRadiusKm, cascadeExhausted, OFFER_RADII_KM, OFFER_MAX_STEPS } =
    await import('../../src/domain/offers.js');
  it('widens the radius step by step, then keeps the widest', () => {
    expect([1, 2, 3, 4, 5, 9].map(offerRadiusKm)).toEqual([2, 4, 7, 10, 10, 10]);
    expect(offerRadiusKm(0)).toBe(OFFER_RADII_KM[0]);
  });
  it('gives up after the last step', () => {
    expect(cascadeExhausted(OFFER_MAX_STEPS - 1)).toBe(false);
    expect(cascadeExhausted(OFFER_MAX_STEPS)).toBe(true);
  });
});
