import { describe, expect, it } from 'vitest';
import { followBox, followedIn, needsRecentre } from '../../src/domain/followDriver.js';
import type { LiveDriver } from '../../src/domain/liveDrivers.js';

const driver = (over: Partial<LiveDriver> = {}): LiveDriver => ({
  id: 7,
  lat: -1.28,
  lng: 36.82,
  heading: 90,
  speed: 30,
  state: 'on_trip',
  vehicleTypeId: 1,
  tripId: 12,
  at: '2026-11-24T10:00:05.000Z',
  ...over,
});

describe('following one driver on the live feed', () => {
  it('watches a box of about 3 km each way around the driver, rounded to 4 decimals', () => {
    expect(followBox({ lat: -1.28123, lng: 36.82167 })).toEqual([36.7917, -1.3112, 36.8517, -1.2512]);
    expect(followBox({ lat: 0, lng: 0 }, 0.01)).toEqual([-0.01, -0.01, 0.01, 0.01]);
  });

  it('moves the box once the driver is past half-way to its edge, in any direction', () => {
    const box = followBox({ lat: -1.28, lng: 36.82 });
    expect(needsRecentre(box, { lat: -1.28, lng: 36.82 })).toBe(false);
    expect(needsRecentre(box, { lat: -1.28 + 0.014, lng: 36.82 - 0.014 })).toBe(false);
    expect(needsRecentre(box, { lat: -1.28 + 0.016, lng: 36.82 })).toBe(true);
    expect(needsRecentre(box, { lat: -1.28, lng: 36.82 - 0.016 })).toBe(true);
    // Far outside (a driver who jumped between batches) too.
    expect(needsRecentre(box, { lat: -1.1, lng: 37 })).toBe(true);
  });

  it("reads the driver's news in a batch: a newer position, gone, or nothing", () => {
    const known = driver();
    const newer = driver({ lat: -1.281, at: '2026-11-24T10:00:06.000Z' });
    const older = driver({ lat: -1.279, at: '2026-11-24T10:00:04.000Z' });
    const others = [driver({ id: 8 })];
    expect(followedIn({ at: '', moved: [...others, newer], gone: [] }, 7, known)).toBe(newer);
    expect(followedIn({ at: '', moved: [newer], gone: [] }, 7, null)).toBe(newer);
    // A snapshot read after the batch was sent holds a newer position: the batch is older news.
    expect(followedIn({ at: '', moved: [older], gone: [] }, 7, known)).toBeUndefined();
    expect(followedIn({ at: '', moved: others, gone: [7] }, 7, known)).toBe('gone');
    expect(followedIn({ at: '', moved: others, gone: [9] }, 7, known)).toBeUndefined();
  });
});
