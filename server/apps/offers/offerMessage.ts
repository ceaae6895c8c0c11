import type { Selectable } from 'kysely';
import type { TripOfferTable } from '../../db/appSchema.js';
import type { TripRow } from '../../trip/trips/lifecycle.js';
import type { OfferOutcome } from '../../../src/domain/offers.js';

export type OfferRow = Selectable<TripOfferTable>;

/** What the driver app receives with an `offer` event (and GET apps/driver/offer). */
export interface OfferMessage {
  offerId: number;
  tripId: number;
  expiresAt: string;
  distanceKm: number;
  pickup: { lat: number; lng: number; address: string };
  dropoff: { lat: number; lng: number; address: string };
  fareTotal: number;
  paymentMethod: string;
  vehicleTypeId: number;
}

/** Why an answer to an offer is refused once the offer is closed, by how it closed. */
export const CLOSED_MESSAGES: Record<OfferOutcome, string> = {
  accepted: 'You already accepted this offer',
  declined: 'You declined this offer',
  timeout: 'This offer has expired',
  cancelled: 'This offer was withdrawn: the trip was assigned, cancelled or taken by another driver',
};

export const offerMessage = (offer: OfferRow, trip: TripRow): OfferMessage => ({
  offerId: offer.id,
  tripId: trip.id,
  expiresAt: offer.expiresAt.toISOString(),
  distanceKm: Math.round(offer.distanceKm * 100) / 100,
  pickup: { lat: trip.pickupLat, lng: trip.pickupLng, address: trip.pickupAddress },
  dropoff: { lat: trip.dropoffLat, lng: trip.dropoffLng, address: trip.dropoffAddress },
  fareTotal: trip.fareTotal,
  paymentMethod: trip.paymentMethod,
  vehicleTypeId: trip.vehicleTypeId,
});
