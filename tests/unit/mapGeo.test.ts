import polyline from '@mapbox/polyline';
import { describe, expect, it } from 'vitest';
import { CITY } from '../../src/domain/city';
import { PLACES } from '../../src/domain/places';
import { fallbackStyle, LABELLED_PLACES } from '../../src/kit/map/fallbackStyle';
import {
  boundsOf,
  CITY_BOUNDS,
  byStatus,
  createPointCollector,
  decodeRoute,
  pointCollection,
} from '../../src/kit/map/geo';

describe('map geometry', () => {
  it("decodes a stored route into GeoJSON's [lng, lat] order", () => {
    const encoded = polyline.encode(
      [
        [-1.2841, 36.8219],
        [-1.2612, 36.8026],
      ],
      5,
    );
    expect(decodeRoute(encoded)).toEqual([
      [36.8219, -1.2841],
      [36.8026, -1.2612],
    ]);
  });

  it('reads a missing route as no points', () => {
    expect(decodeRoute(null)).toEqual([]);
    expect(decodeRoute('')).toEqual([]);
  });

  it("fits the route's box, or the city's when there is nothing to fit", () => {
    expect(
      boundsOf([
        [36.82, -1.28],
        [36.8, -1.26],
        [36.81, -1.3],
      ]),
    ).toEqual([
      [36.8, -1.3],
      [36.82, -1.26],
    ]);
    expect(boundsOf([])).toEqual(CITY_BOUNDS);
  });

  it('turns points into features keyed by id, dropping points without coordinates', () => {
    const collection = pointCollection([
      { id: 7, lng: 36.8, lat: -1.28, status: 'online', title: 'Amina' },
      { id: 8, lng: Number.NaN, lat: -1.28, status: 'online' },
    ]);
    expect(collection.features).toEqual([
      {
        type: 'Feature',
        id: 7,
        properties: { id: 7, status: 'online', title: 'Amina', flagged: false },
        geometry: { type: 'Point', coordinates: [36.8, -1.28] },
      },
    ]);
    // A heading, when known, goes with the point (the live map turns its arrow).
    expect(
      pointCollection([{ id: 9, lng: 36.8, lat: -1.28, status: 'available', heading: 270 }]).features[0].properties,
    ).toEqual({
      id: 9,
      status: 'available',
      title: '',
      flagged: false,
      heading: 270,
    });
    // A flagged point (a driver outside the service area on a trip) carries it for the ring layer,
    // and the collector's kept feature follows the flag as it comes and goes.
    const collect = createPointCollector();
    const point = { id: 10, lng: 36.8, lat: -1.28, status: 'on_trip' };
    expect(collect([{ ...point, flagged: true }]).features[0].properties).toMatchObject({ flagged: true });
    expect(collect([point]).features[0].properties).toMatchObject({ flagged: false });
  });

  it('colours points by status with a colour for any other status', () => {
    expect(byStatus({ online: '#0a0', busy: '#a00' }, '#777')).toEqual([
      'match',
      ['get', 'status'],
      'online',
      '#0a0',
      'busy',
      '#a00',
      '#777',
    ]);
    expect(byStatus({}, '#777')).toBe('#777');
  });
});

describe('offline map style', () => {
  const style = fallbackStyle();

  it('needs no network: inline sources only, and no text (text needs glyphs from a server)', () => {
    expect(style.glyphs).toBeUndefined();
    expect(style.sprite).toBeUndefined();
    expect(
      Object.values(style.sources).every((source) => source.type === 'geojson' && typeof source.data === 'object'),
    ).toBe(true);
    expect(style.layers.some((layer) => layer.type === 'symbol')).toBe(false);
  });

  it("outlines the city's service area and marks every seeded place", () => {
    const area = style.sources['service-area'];
    expect(JSON.stringify(area)).toContain(JSON.stringify([CITY.bounds.west, CITY.bounds.south]));
    const places = style.sources.places;
    expect(
      places.type === 'geojson' &&
        typeof places.data === 'object' &&
        'features' in places.data &&
        places.data.features.length,
    ).toBe(PLACES.length);
    expect(LABELLED_PLACES.length).toBeGreaterThan(10);
    expect(LABELLED_PLACES.length).toBeLessThan(PLACES.length);
  });
});

describe('createPointCollector', () => {
  it('gives the same collection as pointCollection, reusing each point’s feature from one update to the next', () => {
    const collect = createPointCollector();
    const first = [
      { id: 1, lng: 36.8, lat: -1.28, status: 'available', heading: 90 },
      { id: 2, lng: 36.81, lat: -1.29, status: 'on_trip', heading: 180 },
    ];
    const a = collect(first);
    expect(a).toEqual(pointCollection(first));
    const featureOf1 = a.features[0];

    const second = [
      { id: 1, lng: 36.9, lat: -1.3, status: 'offered', heading: 45 },
      { id: 3, lng: Number.NaN, lat: -1.3, status: 'available' },
      { id: 4, lng: 36.7, lat: -1.2, status: 'lost' },
    ];
    const b = collect(second);
    // Moved and changed in place; the gone point and the point without coordinates are not there.
    expect(b).toEqual(pointCollection(second));
    expect(b.features[0]).toBe(featureOf1);
    expect(b.features.map((f) => f.id)).toEqual([1, 4]);

    // A point that loses its heading gets a feature without one (no stale arrow).
    const c = collect([{ id: 1, lng: 36.9, lat: -1.3, status: 'offered' }]);
    expect(c.features[0].properties).toEqual({ id: 1, status: 'offered', title: '', flagged: false });
    // A gone point that comes back is new, not its old feature.
    expect(
      collect([{ id: 2, lng: 36.81, lat: -1.29, status: 'available', heading: 0 }]).features[0].properties,
    ).toEqual({ id: 2, status: 'available', title: '', flagged: false, heading: 0 });
  });
});
