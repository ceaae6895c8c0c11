import type { TestApp } from './harness.js';

/** Yaya Centre and Sarit Centre (Nairobi), and a point south of the service area. */
export const YAYA = { lat: -1.2926, lng: 36.7878 };
export const SARIT = { lat: -1.2612, lng: 36.8026 };
/** A box around a point, as a GeoJSON polygon (open ring: the server closes it). */
export const around = (p: { lat: number; lng: number }, d = 0.01) => ({
  type: 'Polygon',
  coordinates: [
    [
      [p.lng - d, p.lat - d],
      [p.lng + d, p.lat - d],
      [p.lng + d, p.lat + d],
      [p.lng - d, p.lat + d],
    ],
  ],
});
export const OUTSIDE = { lat: -1.5, lng: 36.8 };

/**
 * What the dispatcher's tests call, once: `get` a `dispatcher/<path>` query, `post` to the trip
 * service, a cash `booking` from Yaya Centre to Sarit Centre, the first active passenger.
 * `app` and `token` are read when called (the app starts in beforeAll).
 */
export function dispatcherFixtures(app: () => TestApp, token: () => string) {
  const get = (path: string, query: Record<string, string>, as = token()) =>
    app().call('GET', `/api/trip/dispatcher/${path}`, { token: as, query });
  const post = (path: string, body: unknown, as = token()) =>
    app().call('POST', `/api/trip/${path}`, { token: as, body });

  /** The body of POST trips: Yaya Centre → Sarit Centre, cash, in this vehicle type. */
  const booking = (vehicleTypeId: number, over: Record<string, unknown> = {}) => ({
    vehicleTypeId,
    pickupAddress: 'Yaya Centre, Kilimani',
    pickupLat: YAYA.lat,
    pickupLng: YAYA.lng,
    dropoffAddress: 'Sarit Centre, Westlands',
    dropoffLat: SARIT.lat,
    dropoffLng: SARIT.lng,
    paymentMethod: 'cash',
    ...over,
  });

  const activePassenger = () =>
    app()
      .db.selectFrom('passengers')
      .select(['id', 'phone'])
      .where('status', '=', 'active')
      .orderBy('id')
      .executeTakeFirstOrThrow();

  return { get, post, booking, activePassenger };
}
