import { demandAt, MAX_DEMAND } from '../db/seed/trip.js';
import { ApiCallError, signInByPhone } from './client.js';
import type { SimulationContext } from './context.js';
import { bookingRate, busyShareAim, cityHour, DEFAULT_BUSY_TARGET } from './demand.js';
import type { RosterEntry } from './roster.js';
import type { SimPassenger } from './types.js';

const LOW_RATING_COMMENTS = [
  'The driver took a long detour',
  'The driver was rude',
  'The car was dirty',
  'I was overcharged',
];

const PASSENGER_CANCEL_REASONS = ['Changed my plans', 'Found another ride', 'The driver was taking too long'];
/** Per passenger poll (10 simulated s) while the driver is on the way: about 7 % of trips. */
const PASSENGER_CANCEL_PER_POLL = 0.003;
/** The share of simulated bookings made for later (issue 32). */
const SCHEDULED_SHARE = 0.1;

/** The simulated passengers: they book, follow their trips, cancel some and rate the rest. */
export class SimulatedPassengers {
  list: SimPassenger[] = [];
  private readonly demandStart: number;
  /** Bookings owed to the demand so far (fractions carry over from tick to tick). */
  private owed = 0;

  constructor(private readonly ctx: SimulationContext) {
    this.demandStart = ctx.simNow - 182 * 86_400_000;
  }

  /** Takes the roster's passengers, none on a trip yet. */
  enlist(rows: RosterEntry[]): void {
    this.list = rows.map((p) => ({ ...p, tripId: null, status: null, waitedMs: 0, pollMs: 0 }));
  }

  /** Signs the passengers in, one after the other. */
  async signIn(): Promise<void> {
    for (const p of this.list) {
      if (this.ctx.stopped) break;
      try {
        p.client = await signInByPhone(this.ctx.opts.url, 'passenger', p.phone, this.ctx.inFlight);
      } catch (e) {
        this.ctx.fail(`passenger ${p.id} sign-in`, e);
      }
    }
  }

  /** One tick of `ms` simulated ms: new bookings for the demand, and a look at each trip under way. */
  tick(ms: number, online: number, busy: number): void {
    const fixed = this.ctx.opts.tripsPerPassengerHour;
    const demand = demandAt(this.ctx.simNow, this.demandStart, 182 * 86_400_000) / MAX_DEMAND;
    const perMs = ((fixed ?? 0) * demand) / 3_600_000;
    if (fixed === undefined) {
      // The demo: as many bookings as keep the aimed share of the online drivers busy.
      const { hour, weekend } = cityHour(this.ctx.simNow);
      const target = this.ctx.opts.busy ?? DEFAULT_BUSY_TARGET;
      this.ctx.stats.busyAim = busyShareAim(target, hour, weekend);
      this.owed +=
        (bookingRate({ online, busyShare: online ? busy / online : 0, target, hour, weekend }) * ms) / 60_000;
      const idle = this.list.filter((p) => p.client && p.tripId === null);
      for (; this.owed >= 1 && idle.length; this.owed--)
        void this.request(idle.splice(Math.floor(this.ctx.random() * idle.length), 1)[0]);
      // Bookings no passenger was free to make are not saved up for a burst later.
      this.owed = Math.min(this.owed, 1);
    }
    for (const p of this.list) {
      if (!p.client) continue;
      if (p.tripId === null) {
        if (fixed !== undefined && this.ctx.random() < perMs * ms) void this.request(p);
        continue;
      }
      p.waitedMs += ms;
      if ((p.pollMs -= ms) <= 0) {
        p.pollMs = 10_000 * this.ctx.speed;
        void this.follow(p);
      }
    }
  }

  private async request(p: SimPassenger): Promise<void> {
    p.tripId = -1; // requesting
    let later = false;
    try {
      const from = this.ctx.place();
      let to = this.ctx.place();
      while (to === from) to = this.ctx.place();
      const pickup = this.ctx.jitter(from, 0.2);
      const dropoff = this.ctx.jitter(to, 0.2);
      const quotes = await p.client!.call<{ data: { vehicleTypeId: number; nearestEtaSeconds: number | null }[] }>(
        'POST',
        '/api/trip/apps/passenger/quote',
        { pickup, dropoff },
      );
      const withDrivers = quotes.data.filter((q) => q.nearestEtaSeconds !== null);
      // Most book a type with a car nearby; one in ten books the type they want, which may wait on
      // the board while the search widens, or find no driver.
      const pool = withDrivers.length && this.ctx.random() >= 0.1 ? withDrivers : quotes.data;
      const choice = pool[Math.floor(this.ctx.random() * pool.length)];
      // Some book for later, 20 to 90 minutes ahead on the server's clock: they wait on the board's
      // Scheduled column until their lead time.
      later = this.ctx.random() < (this.ctx.opts.scheduledShare ?? SCHEDULED_SHARE);
      const scheduledAt = later
        ? new Date(Date.now() + (20 + this.ctx.random() * 70) * 60_000).toISOString()
        : undefined;
      const { data } = await p.client!.call<{ data: { id: number } }>('POST', '/api/trip/apps/passenger/trips', {
        scheduledAt,
        vehicleTypeId: choice.vehicleTypeId,
        pickupAddress: `${from.name}, ${from.area}`,
        pickupLat: pickup.lat,
        pickupLng: pickup.lng,
        dropoffAddress: `${to.name}, ${to.area}`,
        dropoffLat: dropoff.lat,
        dropoffLng: dropoff.lng,
        paymentMethod: this.ctx.random() < 0.6 ? 'cash' : 'card',
      });
      if (later) {
        // The passenger is free meanwhile; the trip is released and offered at its lead time.
        this.ctx.stats.scheduled++;
        p.tripId = null;
        return;
      }
      this.ctx.stats.requested++;
      p.tripId = data.id;
      p.status = 'requested';
      p.waitedMs = 0;
      p.pollMs = 5000 * this.ctx.speed;
    } catch (e) {
      // A passenger the seed left with a trip under way (409) sits this one out, and so does one
      // who already holds as many rides booked for later as allowed, or one close to this time (400).
      const sitsOut = e instanceof ApiCallError && (e.status === 409 || (later && e.status === 400));
      if (!sitsOut) this.ctx.fail(`passenger ${p.id} request`, e);
      p.tripId = null;
    }
  }

  private async follow(p: SimPassenger): Promise<void> {
    const id = p.tripId;
    if (id === null || id < 0) return;
    try {
      const { data } = await p.client!.call<{ data: { status: string } }>(
        'GET',
        `/api/trip/apps/passenger/trips/${id}`,
      );
      p.status = data.status;
      if (data.status === 'completed') {
        p.tripId = null;
        const rating =
          this.ctx.random() < 0.03 ? 1 + Math.floor(this.ctx.random() * 2) : 4 + Math.round(this.ctx.random());
        if (rating < 3) this.ctx.stats.lowRatings++;
        await p.client!.call('POST', `/api/trip/apps/passenger/trips/${id}/rate`, {
          rating,
          // Each opens an issue on the desk (a rating below 3), filed by what the comment says.
          comment: rating < 3 ? LOW_RATING_COMMENTS[Math.floor(this.ctx.random() * LOW_RATING_COMMENTS.length)] : null,
        });
      } else if (data.status === 'no_driver_found' || data.status.startsWith('cancelled')) {
        if (data.status === 'no_driver_found') this.ctx.stats.noDriver++;
        p.tripId = null;
      } else if (
        (data.status === 'requested' || data.status === 'accepted') &&
        p.waitedMs > 240_000 &&
        this.ctx.random() < 0.2
      ) {
        await p.client!.call('POST', `/api/trip/apps/passenger/trips/${id}/cancel`, { reason: 'Waited too long' });
        this.ctx.stats.cancelled++;
        p.tripId = null;
      } else if (data.status === 'accepted' && this.ctx.random() < PASSENGER_CANCEL_PER_POLL) {
        const reason = PASSENGER_CANCEL_REASONS[Math.floor(this.ctx.random() * PASSENGER_CANCEL_REASONS.length)];
        await p.client!.call('POST', `/api/trip/apps/passenger/trips/${id}/cancel`, { reason });
        this.ctx.stats.cancelled++;
        p.tripId = null;
      }
    } catch (e) {
      if (!(e instanceof ApiCallError && e.status === 409)) this.ctx.fail(`passenger ${p.id} trip ${id}`, e);
    }
  }
}
