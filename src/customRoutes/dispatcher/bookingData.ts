import type { NearDriver } from '../../domain/driverCards';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useGetList } from 'react-admin';
import { passengers } from '../../domain/resources';
import { usePanelDataProvider } from '../../dataProviders/useAction';
import { fieldErrorsOf } from '../../http';
import type { Passenger } from '../../resources/passengers/types';
import { COMMANDS, QUERIES } from '../../dataProviders/calls';

/** A pickup or drop-off: an address and its point. */
export interface BookingPoint {
  address: string;
  lat: number;
  lng: number;
}

export interface PlaceOption extends BookingPoint {
  name: string;
  uses: number;
}

export interface FareEstimate {
  vehicleTypeId: number;
  vehicleTypeName: string;
  total: number;
  discount: number;
  distanceKm: number;
  durationMin: number;
  surgeMultiplier: number;
  /** The pickup's zones, the surge they add, and a fixed fare between zones (replaces the metered fare). */
  zones?: string[];
  zoneSurge?: number;
  fixedFare?: { id: number; amount: number; name: string } | null;
}

/** GET dispatcher/availability (the live position store's answer, issue 16's shared contract). */
export interface Availability {
  vehicleTypeId: number;
  available: number;
  nearestDistanceKm: number | null;
  nearestEtaSeconds: number | null;
}

/** The value after it stopped changing for `ms` (typing). */
export function useDebounced<T>(value: T, ms = 200): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** The digits of a typed phone, in the stored form's order: "0712 345" → "254712345". */
export function phoneDigits(typed: string): string {
  const digits = typed.replace(/\D/g, '');
  return digits.startsWith('0') ? `254${digits.slice(1)}` : digits;
}

/** Passengers whose phone holds the typed digits, most recent riders first. */
export function usePassengerMatches(typed: string) {
  const digits = useDebounced(phoneDigits(typed), 150);
  const list = useGetList<Passenger>(
    passengers.path,
    {
      filter: { q: digits },
      pagination: { page: 1, perPage: 6 },
      sort: { field: 'lastTripAt', order: 'DESC' },
    },
    { enabled: digits.length >= 3, placeholderData: (previous) => previous },
  );
  // Until the answer for what is typed now is in, the options are an older answer's (`aria-busy`).
  // Only what the field reads: a spread would read every field of the query and re-render on each.
  return { data: list.data, isFetching: list.isFetching, searching: list.isFetching || digits !== phoneDigits(typed) };
}

/** Known places for what was typed (the server's ranked list). */
export function usePlaces(typed: string) {
  const dataProvider = usePanelDataProvider();
  const q = useDebounced(typed.trim(), 120);
  const places = useQuery({
    queryKey: ['dispatcher', 'places', q],
    queryFn: async ({ signal }) =>
      (await dataProvider.query(QUERIES.dispatcher.places, { q }, { silent: true, signal })).data,
    staleTime: 60_000,
    placeholderData: (previous) => previous,
  });
  return { data: places.data, isFetching: places.isFetching, searching: places.isFetching || q !== typed.trim() };
}

/** The name of a point picked on the map ("near Yaya Centre"). */
export async function nameOfPoint(
  dataProvider: ReturnType<typeof usePanelDataProvider>,
  point: { lat: number; lng: number },
): Promise<BookingPoint> {
  const { data } = await dataProvider.query(
    QUERIES.dispatcher['place-near'],
    { lat: point.lat.toFixed(6), lng: point.lng.toFixed(6) },
    { silent: true },
  );
  return { address: data?.address ?? `${point.lat.toFixed(5)}, ${point.lng.toFixed(5)}`, ...point };
}

const pointOf = (p: BookingPoint) => ({ lat: p.lat, lng: p.lng });

/**
 * Every active vehicle type's fare for the trip, and with a discount code the discounted fares or
 * the code's problem (unknown, expired, used up) while the plain fares stay on screen.
 */
export function useFareEstimates(
  pickup: BookingPoint | undefined,
  dropoff: BookingPoint | undefined,
  code: string,
  passengerId: number | undefined,
  /** A trip booked for later: its pickup time (ISO), so that time's surge windows apply. */
  at?: string,
) {
  const dataProvider = usePanelDataProvider();
  const discountCode = useDebounced(code.trim(), 300);
  const enabled = pickup !== undefined && dropoff !== undefined;
  const body = enabled ? { pickup: pointOf(pickup), dropoff: pointOf(dropoff), passengerId, at } : undefined;
  const plain = useQuery({
    queryKey: ['dispatcher', 'fares', body],
    queryFn: async ({ signal }) =>
      await dataProvider.post(COMMANDS['fare-estimates'].estimate, body!, { silent: true, signal }),
    enabled,
  });
  const discounted = useQuery({
    queryKey: ['dispatcher', 'fares', body, discountCode, passengerId],
    queryFn: async ({ signal }) =>
      (
        await dataProvider.post(
          COMMANDS['fare-estimates'].estimate,
          { ...body!, discountCode },
          { silent: true, signal },
        )
      ).data,
    enabled: enabled && discountCode !== '',
    retry: false,
  });
  const codeProblem =
    discountCode !== '' && discounted.error ? (fieldErrorsOf(discounted.error)?.discountCode ?? null) : null;
  return {
    fares: (discountCode !== '' && discounted.data) || plain.data?.data,
    plain: plain.data?.data,
    /** The type to start on: the caller's last, else the most booked (the server's choice). */
    suggested: plain.data?.suggestedVehicleTypeId ?? undefined,
    isPending: enabled && plain.isPending,
    error: plain.error,
    refetch: plain.refetch,
    codeChecking: discountCode !== code.trim() || (discountCode !== '' && discounted.isFetching),
    codeProblem,
    codeApplied: discountCode !== '' && discounted.data !== undefined,
  };
}

/** Available drivers per vehicle type near the pickup, with the nearest one's ETA (empty until the feed answers). */
export function useAvailability(pickup: BookingPoint | undefined) {
  const dataProvider = usePanelDataProvider();
  return useQuery({
    queryKey: ['dispatcher', 'availability', pickup?.lat, pickup?.lng],
    queryFn: async ({ signal }) =>
      (
        await dataProvider.query(
          QUERIES.dispatcher.availability,
          { lat: pickup!.lat, lng: pickup!.lng },
          { silent: true, signal },
        )
      ).data,
    enabled: pickup !== undefined,
    retry: false,
    refetchInterval: 15_000,
  });
}

/** GET dispatcher/nearest-drivers by point: an available driver who could take the booking (src/domain/driverCards.ts). */
export type { NearDriver };

/** How many drivers the booking's nearest list offers. */
export const NEAREST_SHOWN = 5;

/** The nearest available drivers of the chosen type to the pickup, refreshed while the form stays open. */
export function useNearestDrivers(
  pickup: BookingPoint | undefined,
  vehicleTypeId: number | undefined,
  enabled: boolean,
) {
  const dataProvider = usePanelDataProvider();
  return useQuery({
    queryKey: ['dispatcher', 'nearest', pickup?.lat, pickup?.lng, vehicleTypeId],
    queryFn: async ({ signal }) =>
      (
        await dataProvider.query(
          QUERIES.dispatcher['nearest-drivers'],
          { lat: pickup!.lat, lng: pickup!.lng, vehicleTypeId: vehicleTypeId!, limit: NEAREST_SHOWN },
          { silent: true, signal },
        )
      ).data,
    enabled: enabled && pickup !== undefined && vehicleTypeId !== undefined,
    retry: false,
    refetchInterval: 10_000,
    // Keep the list while the same type is asked again for a moved pickup; a new type starts empty.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[4] === vehicleTypeId ? previous : undefined),
  });
}

/**
 * The road-like route a booking between two points will get (the server's route shape), as
 * [lng, lat] pairs; undefined until both points are set and while it is read.
 */
export function useRoutePreview(pickup: BookingPoint | undefined, dropoff: BookingPoint | undefined) {
  const dataProvider = usePanelDataProvider();
  return useQuery({
    queryKey: ['dispatcher', 'route', pickup?.lat, pickup?.lng, dropoff?.lat, dropoff?.lng],
    queryFn: async ({ signal }) =>
      (
        await dataProvider.query(
          QUERIES.dispatcher.route,
          { from: `${pickup!.lat},${pickup!.lng}`, to: `${dropoff!.lat},${dropoff!.lng}` },
          { silent: true, signal },
        )
      ).data.coordinates,
    enabled: pickup !== undefined && dropoff !== undefined,
    retry: false,
    staleTime: Infinity,
  });
}
