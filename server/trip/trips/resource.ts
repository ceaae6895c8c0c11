import * as yup from 'yup';
import { sql, type Selectable, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { assertPermission, type StaffPrincipal } from '../../auth/guard.js';
import { recordAudit } from '../../rest/audit.js';
import { phone, requiredName } from '../../../src/domain/fieldRules.js';
import { badRequest } from '../../errors.js';
import { defineResource } from '../../rest/declaration.js';
import { trips as tripsManifest } from '../../../src/domain/resources/trips.js';
import { oneOf } from '../../rest/fields.js';
import { CITY, insideCity } from '../../../src/domain/city.js';
import { PAYMENT_METHODS, TRIP_STATUSES } from '../../../src/domain/enums.js';
import { ACTIVE_TRIP_STATUSES } from '../../../src/domain/trip.js';
import type { TripTable } from '../../db/tripSchema.js';
import { fareColumns, loadPricing, quote } from '../fares/pricing.js';
import { id, instant, latitude, longitude, text } from '../fields.js';
import { scheduleProblem } from '../../../src/domain/scheduling.js';
import { zoneFareFor, zonesVerdict } from '../zones/rules.js';
import { encodeRoute } from '../geo/route.js';
import { changeColumns, settleChange, startRulesOf, type TripRow } from './lifecycle.js';
import { assign, cancel } from './actions.js';
import { recordTripChange, type TripFacts } from './events.js';
import { nameOf, valueOf } from '../../rest/names.js';
import { discountRuleOf, usableDiscount, type DiscountRow } from '../discounts/usable.js';
import { refusal } from '../../../src/domain/messageCodes.js';
import { seekTrips } from './deepPages.js';
import { withActiveAsStatus } from './statusFilter.js';

const fieldError = (errors: Record<string, string>) => badRequest(refusal('highlighted'), errors);

/** A phone booking's new caller, created with the trip (needs create-Passenger as well). */
const newPassenger = yup
  .object({
    firstName: requiredName('First name'),
    lastName: requiredName('Last name'),
    phone: phone().required(refusal('required', { label: 'Phone' })),
  })
  .default(undefined)
  .nullable();

export const createSchema = yup.object({
  passengerId: id('passenger').when('passenger', {
    is: (p: unknown) => p == null,
    then: (s) => s.required(refusal('chooseA', { label: 'passenger' })),
  }),
  passenger: newPassenger,
  vehicleTypeId: id('vehicle type').required(refusal('chooseA', { label: 'vehicle type' })),
  pickupAddress: text('Pickup address', 200).required(refusal('required', { label: 'Pickup address' })),
  pickupLat: latitude().required(refusal('required', { label: 'Pickup latitude' })),
  pickupLng: longitude().required(refusal('required', { label: 'Pickup longitude' })),
  dropoffAddress: text('Drop-off address', 200).required(refusal('required', { label: 'Drop-off address' })),
  dropoffLat: latitude().required(refusal('required', { label: 'Drop-off latitude' })),
  dropoffLng: longitude().required(refusal('required', { label: 'Drop-off longitude' })),
  paymentMethod: oneOf(PAYMENT_METHODS, 'Payment method').default('cash'),
  discountCode: yup.string().trim().max(30).nullable().default(null),
  driverNote: text('Note for the driver', 300, true).nullable().default(null),
  /** Book for later: the pickup time, in the future and at most 7 days ahead (null: now). */
  scheduledAt: instant('The pickup time').nullable().default(null),
});

const updateSchema = yup.object({
  status: oneOf(TRIP_STATUSES, 'Status'),
  driverId: id('driver').nullable(),
  cancellationReason: text('Cancellation reason', 300, true).nullable(),
  paymentMethod: oneOf(PAYMENT_METHODS, 'Payment method'),
  earlyStartReason: text('Reason for starting early', 300, true).nullable(),
});

export type NewTripInput = yup.InferType<typeof createSchema>;

/**
 * The columns of a new requested trip, quoted now: the field errors of a pickup or drop-off outside
 * the area, a blocked passenger (with the reason), an inactive vehicle type or an unusable discount
 * code throw a 400, and nothing is stored. A staff phone booking (`staff`, who may also create a new
 * caller with create-Passenger) and a passenger app's request (null) share it.
 */
/** No two rides booked for later of one passenger closer than this (issue 43). */
export const SCHEDULED_GAP_MINUTES = 30;

const cityTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: CITY.timeZone,
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
});

/**
 * What stops a passenger's ride booked for later: `cap` rides booked for later already, or one
 * within SCHEDULED_GAP_MINUTES of this pickup (named, with its time). The caller holds the
 * passenger's row lock, so concurrent bookings are counted one after another.
 */
async function scheduledProblem(
  trx: Transaction<Database>,
  passengerId: number,
  scheduledAt: Date,
  cap: number,
  who: 'You' | 'This passenger',
): Promise<string | undefined> {
  const booked = await trx
    .selectFrom('trips')
    .select(['id', 'scheduledAt'])
    .where('passengerId', '=', passengerId)
    .where('status', '=', 'scheduled')
    .orderBy('scheduledAt')
    .execute();
  const has = who === 'You' ? 'You already have' : 'This passenger already has';
  const gap = SCHEDULED_GAP_MINUTES * 60_000;
  const near = booked.find((t) => t.scheduledAt && Math.abs(t.scheduledAt.getTime() - scheduledAt.getTime()) < gap);
  if (near)
    return `${has} trip #${near.id} booked for ${cityTime.format(near.scheduledAt!)}, within ${SCHEDULED_GAP_MINUTES} minutes of this pickup`;
  if (booked.length >= cap)
    return `${has} ${booked.length} trips booked for later (${booked.map((t) => t.id).join(', ')}), the most allowed; cancel one to book another`;
  return undefined;
}

export async function newTripColumns(
  trx: Transaction<Database>,
  input: NewTripInput,
  staff: StaffPrincipal | null,
  limits: { scheduledPerPassenger: number },
): Promise<Partial<Record<keyof TripTable, unknown>>> {
  const now = new Date();
  const errors: Record<string, string> = {};
  const scheduledAt = input.scheduledAt ?? null;
  const timeProblem = scheduledAt && scheduleProblem(scheduledAt, now);
  if (timeProblem) errors.scheduledAt = timeProblem;
  if (!insideCity(input.pickupLat, input.pickupLng)) errors.pickupLat = 'The pickup is outside the service area';
  if (!insideCity(input.dropoffLat, input.dropoffLng)) errors.dropoffLat = 'The drop-off is outside the service area';
  // The service zones: outside every service area, or a pickup where pickups are not allowed.
  const zoned = await zonesVerdict(
    trx,
    { lat: input.pickupLat, lng: input.pickupLng },
    { lat: input.dropoffLat, lng: input.dropoffLng },
  );
  for (const [field, message] of Object.entries(zoned.problems)) errors[field] ??= message;
  const caller = input.passenger as { firstName: string; lastName: string; phone: string } | null | undefined;
  if (caller) {
    // A booking for a new caller creates the passenger too: both permissions, one transaction.
    if (!staff) throw fieldError({ passenger: 'Only staff can book for a new caller' });
    assertPermission(staff, 'create-Passenger');
    if (input.passengerId !== undefined)
      errors.passengerId = refusal('chooseA', { label: 'passenger or enter a new one, not both' });
    const taken = await trx.selectFrom('passengers').select('id').where('phone', '=', caller.phone).executeTakeFirst();
    if (taken) errors['passenger.phone'] = 'Another passenger has this phone number';
  } else {
    const passenger = await trx
      .selectFrom('passengers')
      .select(['id', 'status', 'statusReason'])
      .where('id', '=', input.passengerId!)
      .executeTakeFirst();
    if (!passenger) errors.passengerId = refusal('noSuch', { label: 'passenger' });
    else if (passenger.status !== 'active')
      errors.passengerId = passenger.statusReason
        ? `This passenger is blocked: ${passenger.statusReason}`
        : 'This passenger is blocked';
    else if (scheduledAt && !timeProblem) {
      // Rides booked for later: a few per passenger, none close together (issue 43). The row lock
      // makes concurrent bookings of one passenger wait for each other.
      await trx.selectFrom('passengers').select('id').where('id', '=', passenger.id).forUpdate().execute();
      const problem = await scheduledProblem(
        trx,
        passenger.id,
        scheduledAt,
        limits.scheduledPerPassenger,
        staff ? 'This passenger' : 'You',
      );
      if (problem) errors.scheduledAt = problem;
    }
  }
  const pricing = await loadPricing(trx, input.vehicleTypeId);
  if (!pricing) errors.vehicleTypeId = refusal('noSuch', { label: 'vehicle type' });
  else if (!pricing.vehicleType.active) errors.vehicleTypeId = 'This vehicle type is not active';
  let discount: DiscountRow | undefined;
  if (input.discountCode) {
    const found = await usableDiscount(trx, input.discountCode, now, caller ? undefined : input.passengerId);
    if ('problem' in found) errors.discountCode = found.problem;
    else discount = found.discount;
  }
  if (Object.keys(errors).length) throw fieldError(errors);
  const passengerId = caller ? await createCaller(trx, staff!.id, caller) : (input.passengerId as number);
  const pickup = { lat: input.pickupLat, lng: input.pickupLng };
  const dropoff = { lat: input.dropoffLat, lng: input.dropoffLng };
  // A trip booked for later is quoted at its pickup time: that time's surge windows apply.
  const fare = quote(
    pricing!,
    pickup,
    dropoff,
    scheduledAt ?? now,
    discount ? discountRuleOf(discount) : null,
    undefined,
    zoneFareFor(zoned, input.vehicleTypeId),
  );
  // A code that takes nothing off (the fare is below its minimum) is not attached, so it is not used up.
  if (discount && fare.discount === 0) discount = undefined;
  const columns: Partial<Record<keyof TripTable, unknown>> = {
    passengerId,
    vehicleTypeId: input.vehicleTypeId,
    status: scheduledAt ? 'scheduled' : 'requested',
    scheduledAt,
    pickupAddress: input.pickupAddress,
    pickupLat: pickup.lat,
    pickupLng: pickup.lng,
    dropoffAddress: input.dropoffAddress,
    dropoffLat: dropoff.lat,
    dropoffLng: dropoff.lng,
    routePolyline: encodeRoute(pickup, dropoff),
    requestedAt: now,
    ...fareColumns(fare),
    paymentMethod: input.paymentMethod,
    discountId: discount?.id ?? null,
    discountCode: discount?.code ?? null,
    driverNote: input.driverNote ?? null,
    bookedBy: staff?.id ?? null,
  };
  return columns;
}

/** Filters whose exact count the trip_counts table answers. */
const COUNTED: Record<string, 'status' | 'vehicleTypeId' | 'paymentMethod'> = {
  status: 'status',
  vehicleTypeId: 'vehicleTypeId',
  paymentMethod: 'paymentMethod',
};

/** Creates a phone booking's new passenger in the booking's transaction, with its own audit row. */
async function createCaller(
  trx: Transaction<Database>,
  staffId: number,
  caller: { firstName: string; lastName: string; phone: string },
): Promise<number> {
  const created = await trx.insertInto('passengers').values(caller).returningAll().executeTakeFirstOrThrow();
  await recordAudit(trx, {
    staffId,
    resource: 'passengers',
    recordId: created.id,
    action: 'create',
    after: { id: created.id, ...caller, status: created.status },
  });
  return created.id;
}

export const trips = defineResource(tripsManifest, {
  table: 'trips',
  // Migration 050's triggers announce every change of a trip and of the names and offer it shows.
  cacheReads: true,
  description: `Ride-hailing trips. Times are ISO instants; money is KES.
- Fare: fareBase + fareDistance + fareTime + fareSurge + fareMinimumTopUp − fareDiscount = fareTotal. Until a trip completes these are the estimate quoted at request time; on completion the fare is metered from the distance and the real duration, at the quoted surge.
- commission: the platform's share of what was charged (the fare, or a cancellation fee).
- cancellationFee: charged to card and wallet payers who cancel after the driver arrived.
- routePolyline: Google encoded polyline (precision 5).
- bookedBy: the staff member who booked a phone-in trip.
- Creating a trip (a phone booking) quotes it; it names an existing passenger (passengerId: active, a blocked one is refused with the reason) or, with create-Passenger as well, a new caller (passenger: {firstName, lastName, phone}) created in the same transaction; driverNote is the note for the driver. A pickup or drop-off outside the service area, an inactive vehicle type or an unusable discount code is a field error and nothing is stored; updating moves its status (requested → accepted → arrived → in_progress → completed, or a cancellation), assigns a driver, or sets the payment method. A ride booked for later starts (in_progress) no earlier than its pickup less SCHEDULED_START_GRACE_MINUTES (5): before then it is a 409 naming the booked time, unless earlyStartReason says why staff start it early (shown on the trip's timeline).
- Booking for later: scheduledAt (an ISO time, in the future and at most 7 days ahead, else a field error under scheduledAt) makes the trip scheduled, quoted at that time (its surge windows). It is released (status requested, releasedAt stamped) and offered to drivers at the lead time before pickup (server setting SCHEDULED_LEAD_MINUTES, 15 min); if it still has no driver 5 minutes before pickup, the dispatchers (view-DispatcherPage) get a notification. A passenger holds at most SCHEDULED_PER_PASSENGER (3) trips booked for later, none within 30 minutes of another (a field error under scheduledAt naming the trips). A scheduled trip can be cancelled. Filter scheduledAt_gte / scheduledAt_lte, status=scheduled.
- offeredDriverId: while a requested trip waits for a driver's answer to an offer, that driver; null otherwise.
- Filters: status (one or a list), requestedAt_gte / requestedAt_lte, driverId, passengerId, vehicleTypeId, paymentMethod, active (true: requested to in progress), q (address text, or a trip id).`,
  computed: {
    passengerName: { type: 'text', sql: nameOf('passengers', 'trips.passenger_id') },
    driverName: { type: 'text', sql: nameOf('drivers', 'trips.driver_id') },
    vehicleTypeName: { type: 'text', sql: valueOf('vehicle_types', 'name', 'trips.vehicle_type_id') },
    bookedByName: { type: 'text', sql: nameOf('staffs', 'trips.booked_by') },
    // Short place names for lists ("Garden City Mall" of "Garden City Mall, Thika Road").
    pickupPlace: { type: 'text', sql: sql`split_part(trips.pickup_address, ',', 1)`, onRequest: true },
    dropoffPlace: { type: 'text', sql: sql`split_part(trips.dropoff_address, ',', 1)`, onRequest: true },
    // Who to call about the trip: whoever may see the trip sees its passenger's and driver's phone and
    // the driver's vehicle (the trip page asks for them by name; view-Driver is not needed for these).
    passengerPhone: { type: 'text', sql: valueOf('passengers', 'phone', 'trips.passenger_id'), onRequest: true },
    driverPhone: { type: 'text', sql: valueOf('drivers', 'phone', 'trips.driver_id'), onRequest: true },
    driverVehicle: {
      type: 'text',
      sql: sql`(select nullif(concat_ws(' ', x.vehicle_colour, x.vehicle_make, x.vehicle_model, x.vehicle_year::text), '') from drivers x where x.id = trips.driver_id)`,
      onRequest: true,
    },
    driverPlate: { type: 'text', sql: valueOf('drivers', 'vehicle_plate', 'trips.driver_id'), onRequest: true },
    // The driver a requested trip is being offered to (the offers cascade), null otherwise: the
    // dispatcher's board keeps its "offered" column across a reload (a one-row partial index lookup).
    offeredDriverId: {
      type: 'int',
      sql: sql`(select o.driver_id from trip_offers o where o.trip_id = trips.id and o.outcome is null)`,
    },
  },
  filters: {
    active: (value) => {
      if (value === true || value === 'true')
        return sql<boolean>`trips.status in (${sql.join([...ACTIVE_TRIP_STATUSES])})`;
      if (value === false || value === 'false')
        return sql<boolean>`trips.status not in (${sql.join([...ACTIVE_TRIP_STATUSES])})`;
      throw badRequest(refusal('filterTrueFalse', { key: 'active' }));
    },
  },
  deferredJoin: true,
  seek: seekTrips,
  exportOmit: [
    'routePolyline',
    'pickupPlace',
    'dropoffPlace',
    'offeredDriverId',
    'passengerPhone',
    'driverPhone',
    'driverVehicle',
    'driverPlate',
  ],
  actions: { assign, cancel },
  create: createSchema,
  update: updateSchema,
  delete: false,
  async toColumns(input, { trx, staff, existing, services }) {
    if (existing) return changeColumns(trx, existing as unknown as TripRow, input, startRulesOf(services.config));
    return newTripColumns(trx, input as NewTripInput, staff, services.config);
  },
  async afterWrite(ctx) {
    const { action, trx, existing, staff, after } = ctx;
    const by = { actor: 'staff' as const, staffId: staff.id, note: (ctx.input?.earlyStartReason as string) ?? null };
    if (action === 'create' && after) {
      await recordTripChange(ctx, null, after as unknown as TripFacts, by);
      return;
    }
    if (action !== 'update' || !existing) return;
    const updated = await trx
      .selectFrom('trips')
      .selectAll()
      .where('id', '=', existing.id as number)
      .executeTakeFirstOrThrow();
    await settleChange(trx, existing as unknown as TripRow, updated as Selectable<TripTable>, staff.id);
    await recordTripChange(ctx, existing as unknown as TripFacts, updated, by);
  },
  async count({ filter: given, db }) {
    // "active" is a set of statuses, so the counters answer it too (alone or with a status filter).
    const filter = withActiveAsStatus(given);
    const keys = Object.keys(filter);
    if (!keys.every((k) => k in COUNTED)) return undefined;
    let query = db.selectFrom('tripCounts').select(sql<number>`coalesce(sum(n), 0)::bigint`.as('n'));
    for (const key of keys) {
      const column = COUNTED[key];
      const value = filter[key];
      const values = (Array.isArray(value) ? value : [value]).map((v) =>
        column === 'vehicleTypeId' ? Number(v) : String(v),
      );
      if (values.length === 0) return 0;
      query = query.where(column, 'in', values as never[]);
    }
    const row = await query.executeTakeFirstOrThrow();
    return Number(row.n);
  },
});
