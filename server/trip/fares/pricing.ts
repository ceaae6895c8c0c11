import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import {
  computeFare,
  estimateRoute,
  resolvePricing,
  surgeMultiplier,
  type DiscountRule,
  type FareBreakdown,
  type LatLng,
  type PricingRules,
  type VehicleTypeRates,
} from '../../../src/domain/fare.js';
import { NO_ZONE_FARE, type ZoneFare } from '../zones/rules.js';

type Reader = Kysely<Database> | Transaction<Database>;

export interface VehicleTypePricing {
  vehicleType: VehicleTypeRates & { id: number; name: string; active: boolean };
  rules: PricingRules;
}

/** A vehicle type's rates and the price settings in force for it. */
export async function loadPricing(db: Reader, vehicleTypeId: number): Promise<VehicleTypePricing | undefined> {
  const vehicleType = await db
    .selectFrom('vehicleTypes')
    .select([
      'id',
      'name',
      'active',
      'baseFare',
      'pricePerKm',
      'pricePerMinute',
      'minimumFare',
      'cancellationFee',
      'commissionPercent',
    ])
    .where('id', '=', vehicleTypeId)
    .executeTakeFirst();
  if (!vehicleType) return undefined;
  const profiles = await db
    .selectFrom('priceSettings')
    .select(['vehicleTypeId', 'commissionPercent', 'bidPercent', 'surgeRules', 'active'])
    .where((eb) => eb.or([eb('vehicleTypeId', 'is', null), eb('vehicleTypeId', '=', vehicleTypeId)]))
    .execute();
  const defaults = profiles.find((p) => p.vehicleTypeId === null) ?? {
    commissionPercent: 0,
    bidPercent: 0,
    surgeRules: [],
  };
  const own = profiles.find((p) => p.vehicleTypeId === vehicleTypeId);
  return { vehicleType, rules: resolvePricing(defaults, own, vehicleType) };
}

export interface Quote extends FareBreakdown {
  bidPercent: number;
}

/** The fare of a trip requested at `at` between two points, by the pure fare rules. */
export function quote(
  pricing: VehicleTypePricing,
  pickup: LatLng,
  dropoff: LatLng,
  at: Date,
  discount?: DiscountRule | null,
  durationMin?: number,
  /** A service zone's surge at the pickup, added to the window in force, or a fixed fare between zones (server/trip/zones). */
  zone: ZoneFare = NO_ZONE_FARE,
): Quote {
  const route = estimateRoute(pickup, dropoff);
  const fare = computeFare({
    rates: pricing.vehicleType,
    commissionPercent: pricing.rules.commissionPercent,
    distanceKm: route.distanceKm,
    durationMin: durationMin ?? route.durationMin,
    surgeMultiplier: Math.round((surgeMultiplier(pricing.rules.surgeRules, at) + zone.surgeExtra) * 100) / 100,
    discount,
    fixedFare: zone.fixedFare?.amount,
  });
  return { ...fare, bidPercent: pricing.rules.bidPercent };
}

/** The columns of a trip that hold its fare. */
export function fareColumns(f: FareBreakdown) {
  return {
    distanceKm: f.distanceKm,
    durationMin: f.durationMin,
    surgeMultiplier: f.surgeMultiplier,
    fareBase: f.base,
    fareDistance: f.distance,
    fareTime: f.time,
    fareSurge: f.surge,
    fareMinimumTopUp: f.minimumTopUp,
    fareDiscount: f.discount,
    fareTotal: f.total,
  };
}
