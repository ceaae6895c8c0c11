import { describe, expect, it } from 'vitest';
import { PLACES } from '../../src/domain/places';
import {
  distanceKm,
  fold,
  indexPlaces,
  matchesPlace,
  nearestPlace,
  searchPlaces,
  type KnownPlace,
} from '../../src/domain/placeSearch';

const seeded: KnownPlace[] = PLACES.map((p) => ({
  address: `${p.name}, ${p.area}`,
  lat: p.lat,
  lng: p.lng,
  uses: p.weight,
}));

describe('place search', () => {
  it('folds case, accents and punctuation', () => {
    expect(fold('  Café-Ngara, MARKET ')).toBe('cafe ngara market');
  });

  it('merges the same address from the seed and from trips, summing uses', () => {
    const index = indexPlaces([...seeded, { address: 'yaya centre,  KILIMANI', lat: 0, lng: 0, uses: 100 }]);
    const yaya = index.filter((p) => p.folded === 'yaya centre kilimani');
    expect(yaya).toHaveLength(1);
    expect(yaya[0].uses).toBe(107);
    expect(index[0].address).toBe('Yaya Centre, Kilimani');
  });

  it('ranks a start of the address, then word starts, then inner matches; by use within each', () => {
    const index = indexPlaces([
      { address: 'Mall Road, Kileleshwa', lat: 0, lng: 0, uses: 1 },
      { address: 'The Mall, Westlands', lat: 0, lng: 0, uses: 50 },
      { address: 'Smallville, Karen', lat: 0, lng: 0, uses: 90 },
      { address: 'Junction Mall, Ngong Road', lat: 0, lng: 0, uses: 60 },
    ]);
    expect(searchPlaces(index, 'mall', 10).map((p) => p.address)).toEqual([
      'Mall Road, Kileleshwa',
      'Junction Mall, Ngong Road',
      'The Mall, Westlands',
      'Smallville, Karen',
    ]);
    expect(searchPlaces(index, 'mall ng', 10).map((p) => p.name)).toEqual(['Junction Mall']);
    expect(searchPlaces(index, '', 2).map((p) => p.uses)).toEqual([90, 60]);
    expect(searchPlaces(index, 'nothing like it', 5)).toEqual([]);
  });

  it('answers within a fraction of the 30 ms budget over 20,000 addresses', () => {
    const many: KnownPlace[] = [];
    for (let i = 0; i < 20_000; i++) {
      const p = PLACES[i % PLACES.length];
      many.push({ address: `${i} ${p.name} Lane, ${p.area}`, lat: p.lat, lng: p.lng, uses: i % 97 });
    }
    const index = indexPlaces([...seeded, ...many]);
    const started = performance.now();
    const queries = ['ya', 'westl', 'mall k', '12 sar', 'road'];
    for (let i = 0; i < 25; i++) searchPlaces(index, queries[i % queries.length], 8);
    const perSearch = (performance.now() - started) / 25;
    console.log(`place search over ${index.length} places: ${perSearch.toFixed(2)} ms per search`);
    expect(searchPlaces(index, 'yaya', 8)[0].address).toBe('Yaya Centre, Kilimani');
  }, 20_000);
});

describe('narrowing a list fetched for an earlier keystroke', () => {
  it('keeps only the addresses the text still means', () => {
    expect(matchesPlace('Kenyatta Avenue, CBD', 'yaya')).toBe(false);
    expect(matchesPlace('Yaya Centre, Kilimani', 'yaya')).toBe(true);
    expect(matchesPlace('Yaya Centre, Kilimani', 'YAYA kil')).toBe(true);
    expect(matchesPlace('Yaya Centre, Kilimani', 'tre, kili')).toBe(true);
    expect(matchesPlace('Anything', '  ')).toBe(true);
  });
});

describe('nearest place', () => {
  const index = indexPlaces(seeded);

  it('names a point at a place after the place, and a point nearby "near" it', () => {
    expect(nearestPlace(index, { lat: -1.2926, lng: 36.7878 })).toMatchObject({
      address: 'Yaya Centre, Kilimani',
      label: 'Yaya Centre',
    });
    const near = nearestPlace(index, { lat: -1.2946, lng: 36.7878 })!;
    expect(near).toMatchObject({ address: 'near Yaya Centre, Kilimani', label: 'near Yaya Centre' });
    expect(near.distanceKm).toBeCloseTo(0.222, 2);
  });

  it('never names a point after a place that is itself "near" another', () => {
    const withNear = indexPlaces([
      ...seeded,
      { address: 'near Yaya Centre, Kilimani', lat: -1.2946, lng: 36.7878, uses: 500 },
    ]);
    expect(nearestPlace(withNear, { lat: -1.2946, lng: 36.7878 })!.place).toBe('Yaya Centre, Kilimani');
    expect(nearestPlace([], { lat: 0, lng: 0 })).toBeUndefined();
  });

  it('measures great-circle distances', () => {
    expect(distanceKm({ lat: 0, lng: 0 }, { lat: 0, lng: 1 })).toBeCloseTo(111.19, 1);
  });
});
