/**
 * The map style used when the configured one cannot load (offline, blocked, slow): built in code,
 * no network at all. No text layer, since text needs glyphs from a server; the places' names are
 * HTML markers instead (see placeLabels).
 */
import type { FeatureCollection, Point, Polygon } from 'geojson';
import type { StyleSpecification } from 'maplibre-gl';
import { CITY } from '../../domain/city';
import { PLACES } from '../../domain/places';

export const FALLBACK_STYLE_NAME = 'Ride Admin offline';

const serviceArea: FeatureCollection<Polygon> = {
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      properties: { name: CITY.name },
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [CITY.bounds.west, CITY.bounds.south],
            [CITY.bounds.east, CITY.bounds.south],
            [CITY.bounds.east, CITY.bounds.north],
            [CITY.bounds.west, CITY.bounds.north],
            [CITY.bounds.west, CITY.bounds.south],
          ],
        ],
      },
    },
  ],
};

const places: FeatureCollection<Point> = {
  type: 'FeatureCollection',
  features: PLACES.map((place) => ({
    type: 'Feature',
    properties: { name: place.name, weight: place.weight },
    geometry: { type: 'Point', coordinates: [place.lng, place.lat] },
  })),
};

export function fallbackStyle(): StyleSpecification {
  return {
    version: 8,
    name: FALLBACK_STYLE_NAME,
    sources: {
      'service-area': { type: 'geojson', data: serviceArea },
      places: { type: 'geojson', data: places },
    },
    layers: [
      { id: 'background', type: 'background', paint: { 'background-color': '#e8ecf1' } },
      {
        id: 'service-area-fill',
        type: 'fill',
        source: 'service-area',
        // Opaque (the colour #f7f9fc at 0.9 over the background gave): drawn in the opaque pass,
        // without blending over the whole canvas at every frame.
        paint: { 'fill-color': '#f6f8fb' },
      },
      {
        id: 'service-area-outline',
        type: 'line',
        source: 'service-area',
        paint: { 'line-color': '#7a93b4', 'line-width': 2, 'line-dasharray': [3, 2] },
      },
      {
        id: 'places',
        type: 'circle',
        source: 'places',
        paint: {
          // Hollow rings: the maps' own points are filled discs.
          'circle-radius': ['interpolate', ['linear'], ['get', 'weight'], 1, 2.5, 10, 4.5],
          'circle-color': '#ffffff',
          'circle-stroke-color': '#5b6b82',
          'circle-stroke-width': 1.5,
        },
      },
    ],
  };
}

/** The places named on the offline map: the busiest, so labels stay readable. */
export const LABELLED_PLACES = PLACES.filter((place) => place.weight >= 5);
