import { CITY_SPEED_KMH, haversineKm, type LatLng } from '../../src/domain/fare.js';
import { OFFER_TIMEOUT_MS } from '../../src/domain/offers.js';
import { ApiCallError, signInByPhone } from './client.js';
import { hashDraw, routeTo, type SimulationContext } from './context.js';
import type { RosterEntry } from './roster.js';
import type { DriverPhase, SimDriver } from './types.js';

/** The part of the apps' trip view (`GET apps/driver/trip`) a driver needs to carry on. */
interface HeldTrip {
  id: number;
  status: string;
  pickup: LatLng;
  dropoff: LatLng;
}

const DRIVER_CANCEL_REASONS = ['Car trouble', 'Stuck in traffic, cannot reach the pickup'];
/** The share of accepted trips a driver cancels on the way, and of passengers who never show up. */
const DRIVER_CANCEL_SHARE = 0.03;
const NO_SHOW_SHARE = 0.04;
/** Simulated ms a driver refused an early start waits at the pickup before asking again. */
const EARLY_START_RETRY_MS = 30_000;

/** The simulated drivers: shifts, offers and trips through the driver app, a position a tick. */
export class SimulatedDrivers {
  list: SimDriver[] = [];

  constructor(private readonly ctx: SimulationContext) {}

  /** Takes the roster's drivers, each somewhere in the city, off duty until signed in. */
  enlist(rows: RosterEntry[]): void {
    this.list = rows.map((d) => ({
      ...d,
      at: this.ctx.jitter(this.ctx.place(), 1),
      heading: 0,
      speedKmh: 0,
      route: [],
      phase: 'off',
      tripId: null,
      waitMs: 0,
      busy: false,
      shiftUntil: 0,
      onBreak: false,
      draws: 0,
      offeredUntil: 0,
      cancelInMs: null,
      noShow: false,
    }));
  }

  /** Signs the drivers in and online, but those whose shift starts later in the first hour. */
  async signIn(): Promise<void> {
    // Shift changes within the first hour: some drivers come on later, some leave early.
    const change = Math.min(1, Math.max(0, this.ctx.opts.shiftChange ?? 0));
    const leaveEarly: SimDriver[] = [];
    const queue = this.list.filter((d) => {
      const u = hashDraw(d.id, -1);
      if (u < change / 2) {
        d.onBreak = true;
        d.shiftUntil = this.ctx.simNow + hashDraw(d.id, -2) * 3_600_000;
        return false;
      }
      if (u < change) leaveEarly.push(d);
      return true;
    });
    // Sign-ins a few at a time: each reads its code from the outbox right after asking for it.
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        for (let d = queue.shift(); d && !this.ctx.stopped; d = queue.shift()) await this.driverOnline(d);
      }),
    );
    for (const d of leaveEarly)
      d.shiftUntil = Math.min(d.shiftUntil, this.ctx.simNow + (5 + hashDraw(d.id, -3) * 55) * 60_000);
  }

  /** Each driver not on a trip goes offline, then every socket closes. */
  async stop(): Promise<void> {
    await Promise.all(
      this.list.map(async (d) => {
        if (!d.client || d.phase === 'off') return;
        await d.client.call('POST', '/api/trip/apps/driver/offline').catch(() => undefined);
      }),
    );
    for (const d of this.list) d.socket?.close();
  }

  /** One tick of `ms` simulated ms: shifts, moves and trip steps, then each online driver's position. */
  tick(ms: number): void {
    const now = new Date().toISOString();
    for (const d of this.list) {
      if (!this.ctx.stopped) this.shifts(d);
      if (d.phase === 'off' || !d.socket?.connected) continue;
      const arrived = this.move(d, ms);
      if (d.phase === 'cruising' && arrived) d.route = routeTo(d.at, this.ctx.jitter(this.ctx.place()));
      else if (d.phase === 'to_pickup' && d.cancelInMs !== null && (d.cancelInMs -= ms) <= 0) {
        if (this.driverCancel(d, DRIVER_CANCEL_REASONS[Math.floor(this.ctx.random() * DRIVER_CANCEL_REASONS.length)]))
          d.cancelInMs = null;
      } else if (d.phase === 'to_pickup' && arrived) {
        d.waitMs = this.pickupWaitMs();
        this.step(d, 'arrived', 'at_pickup');
      } else if (d.phase === 'at_pickup' && (d.waitMs -= ms) <= 0) {
        if (d.noShow) {
          if (this.driverCancel(d, 'The passenger did not show up')) d.noShow = false;
        } else {
          d.route = d.dropoff ? routeTo(d.at, d.dropoff) : [];
          this.step(d, 'started', 'on_trip');
        }
      } else if (d.phase === 'on_trip' && arrived) this.step(d, 'completed', 'cruising');
      d.socket.emit('position', {
        lat: d.at.lat,
        lng: d.at.lng,
        heading: Math.round((d.heading + 360) % 360),
        // km/h, as the contract says (the simulated speed, whatever the clock's pace).
        speed: Math.round(d.route.length ? d.speedKmh : 0),
        at: now,
      });
      this.ctx.stats.positions++;
    }
  }

  /**
   * Simulated ms in [lo, hi] for a driver's shift or break: a hash of the driver and their shift count,
   * so shifts do not draw from `random` (a seeded run keeps its trips and offers whatever the shifts).
   */
  private between(d: SimDriver, [lo, hi]: [number, number]): number {
    d.draws++;
    return lo + hashDraw(d.id, d.draws) * (hi - lo);
  }

  /** Drivers online, and those of them busy: offered (until they answer), to a pickup, at it, on a trip. */
  busyNow(): { online: number; busy: number } {
    let online = 0;
    let busy = 0;
    for (const d of this.list) {
      if (d.phase === 'off') continue;
      online++;
      if (d.phase !== 'cruising' || d.offeredUntil > this.ctx.simNow) busy++;
    }
    return { online, busy };
  }

  private get shiftMs(): [number, number] {
    return this.ctx.opts.shiftMs ?? [4 * 3_600_000, 9 * 3_600_000];
  }

  private async driverOnline(d: SimDriver): Promise<void> {
    try {
      d.client ??= await signInByPhone(this.ctx.opts.url, 'driver', d.phone, this.ctx.inFlight);
      const { data } = await d.client.call<{ data: { state: string; tripId: number | null } }>(
        'POST',
        '/api/trip/apps/driver/online',
      );
      const [shortest, longest] = this.shiftMs;
      // The first shift is already under way; later ones run whole.
      d.shiftUntil =
        this.ctx.simNow + (d.onBreak ? this.between(d, this.shiftMs) : this.between(d, [shortest / 2, longest]));
      if (d.onBreak) this.ctx.stats.shiftsStarted++;
      d.onBreak = false;
      d.phase = 'cruising';
      d.tripId = null;
      if (data.tripId && data.state !== 'offered') await this.resumeTrip(d);
      if (!d.socket) {
        d.socket = d.client.socket('/drivers');
        d.socket.on('offer', (offer: { offerId: number; tripId: number; pickup: LatLng; dropoff: LatLng }) =>
          this.onOffer(d, offer),
        );
        d.socket.on('trip', (t: { id: number; status: string; driverId: number | null }) => {
          if (t.id === d.tripId && (t.status.startsWith('cancelled') || t.driverId !== d.id)) {
            d.tripId = null;
            d.phase = 'cruising';
            d.route = [];
          } else if (t.driverId === d.id && t.status === 'accepted' && d.tripId !== t.id && d.phase === 'cruising') {
            // A dispatcher assigned this driver by hand: drive to the pickup, as the app would.
            d.tripId = t.id;
            void this.resumeTrip(d).catch((e: unknown) => this.ctx.fail(`driver ${d.id} assigned trip`, e));
          }
        });
        d.socket.on('offline', () => this.wentOffline(d));
      }
      this.ctx.stats.online++;
    } catch (e) {
      this.ctx.fail(`driver ${d.id} online`, e);
    }
  }

  /** The driver is offline (the server said so, or their break began): counted once. */
  private wentOffline(d: SimDriver): void {
    if (d.phase !== 'off') this.ctx.stats.online--;
    d.phase = 'off';
  }

  /**
   * Shifts: a free driver whose shift is over goes offline for a break, as the app's "go offline"
   * button does, then comes back online for the next shift. A driver with a trip finishes it first.
   */
  private shifts(d: SimDriver): void {
    if (d.busy) return;
    if (d.client && d.phase === 'cruising' && d.tripId === null && this.ctx.simNow >= d.shiftUntil) {
      d.busy = true;
      d.client
        .call('POST', '/api/trip/apps/driver/offline')
        .then(() => {
          this.wentOffline(d);
          d.onBreak = true;
          d.route = [];
          d.shiftUntil = this.ctx.simNow + this.between(d, this.ctx.opts.breakMs ?? [20 * 60_000, 3_600_000]);
          this.ctx.stats.shiftsEnded++;
        })
        // An offer accepted meanwhile (409: on a trip): the shift goes on until that trip is done.
        .catch((e: unknown) => {
          if (!(e instanceof ApiCallError && e.status === 409)) this.ctx.fail(`driver ${d.id} offline`, e);
        })
        .finally(() => (d.busy = false));
    } else if (d.phase === 'off' && d.onBreak && this.ctx.simNow >= d.shiftUntil) {
      d.busy = true;
      void this.driverOnline(d).finally(() => (d.busy = false));
    }
  }

  private onOffer(d: SimDriver, offer: { offerId: number; tripId: number; pickup: LatLng; dropoff: LatLng }) {
    this.ctx.stats.offers++;
    // Busy until the answer, or until the server times the offer out (15 s of the server's clock).
    d.offeredUntil = this.ctx.simNow + OFFER_TIMEOUT_MS * this.ctx.speed;
    const r = this.ctx.random();
    // Most accept after reading it for a few seconds; some decline; a few never answer (the server
    // times them out), so the board's offered column and the cascade show.
    if (r < 0.06) return void this.ctx.stats.ignored++;
    const thinkMs = (2000 + this.ctx.random() * 8000) / this.ctx.speed;
    setTimeout(() => {
      if (this.ctx.stopped || !d.client) return;
      const accept = r >= 0.16;
      d.client
        .call('POST', `/api/trip/apps/driver/offers/${offer.offerId}/${accept ? 'accept' : 'decline'}`)
        .then(() => {
          d.offeredUntil = 0;
          if (!accept) return void this.ctx.stats.declined++;
          this.ctx.stats.accepted++;
          d.tripId = offer.tripId;
          d.phase = 'to_pickup';
          d.route = routeTo(d.at, offer.pickup);
          d.dropoff = offer.dropoff;
          // A few drivers give up on the way; a few passengers never come to the pickup.
          d.cancelInMs = this.ctx.random() < DRIVER_CANCEL_SHARE ? 30_000 + this.ctx.random() * 90_000 : null;
          d.noShow = this.ctx.random() < NO_SHOW_SHARE;
        })
        .catch((e: unknown) => {
          d.offeredUntil = 0;
          if (!(e instanceof ApiCallError && e.status === 409)) this.ctx.fail(`driver ${d.id} answer`, e);
        });
    }, thinkMs).unref?.();
  }

  /**
   * A trip held from an earlier run or from the seed: carry on from its current step, as a driver
   * app restarted mid-trip would (asking "arrived" of a trip already started is refused).
   */
  private async resumeTrip(d: SimDriver): Promise<void> {
    // Not a trip this driver accepted from an offer: no cancellation planned for it.
    d.cancelInMs = null;
    d.noShow = false;
    const { data: trip } = await d.client!.call<{ data: HeldTrip | null }>('GET', '/api/trip/apps/driver/trip');
    if (!trip) {
      d.tripId = null;
      return;
    }
    d.tripId = trip.id;
    d.dropoff = trip.dropoff;
    if (trip.status === 'accepted') {
      d.phase = 'to_pickup';
      d.route = routeTo(d.at, trip.pickup);
    } else if (trip.status === 'arrived') {
      d.at = trip.pickup;
      d.phase = 'at_pickup';
      d.waitMs = this.pickupWaitMs();
    } else if (trip.status === 'in_progress') {
      d.phase = 'on_trip';
      d.route = routeTo(d.at, trip.dropoff);
    } else d.tripId = null;
  }

  /** Simulated ms a driver waits at the pickup for the passenger. */
  private pickupWaitMs(): number {
    return 20_000 + this.ctx.random() * 100_000;
  }
  /** Moves a driver along its route by what city speed covers in one simulated tick. */
  private move(d: SimDriver, ms: number): boolean {
    const pace = 0.7 + this.ctx.random() * 0.6;
    d.speedKmh = d.route.length ? CITY_SPEED_KMH * pace : 0;
    let km = (d.speedKmh * ms) / 3_600_000;
    while (km > 0 && d.route.length) {
      const next = d.route[0];
      const left = haversineKm(d.at, next);
      d.heading = (Math.atan2(next.lng - d.at.lng, next.lat - d.at.lat) * 180) / Math.PI;
      if (left <= km) {
        d.at = next;
        d.route.shift();
        km -= left;
      } else {
        const f = km / left;
        d.at = { lat: d.at.lat + (next.lat - d.at.lat) * f, lng: d.at.lng + (next.lng - d.at.lng) * f };
        km = 0;
      }
    }
    return d.route.length === 0;
  }

  private step(d: SimDriver, path: string, next: DriverPhase) {
    if (!d.client || d.tripId === null || d.busy) return;
    d.busy = true;
    d.client
      .call('POST', `/api/trip/apps/driver/trips/${d.tripId}/${path}`)
      .then(() => {
        d.phase = next;
        if (path === 'completed') {
          this.ctx.stats.completed++;
          d.tripId = null;
        }
      })
      .catch((e: unknown) => {
        // A ride booked for later cannot start before its pickup less the grace (409): the driver
        // waits at the pickup and asks again.
        if (path === 'started' && e instanceof ApiCallError && e.status === 409) {
          d.waitMs = EARLY_START_RETRY_MS;
          d.route = [];
          return;
        }
        // A trip cancelled meanwhile is a 400/404/409: the driver goes back to cruising.
        if (!(e instanceof ApiCallError && [400, 404, 409].includes(e.status)))
          this.ctx.fail(`driver ${d.id} ${path}`, e);
        d.phase = 'cruising';
        d.tripId = null;
      })
      .finally(() => (d.busy = false));
  }

  /** The driver cancels the trip they hold (before it starts); false when another call is under way. */
  private driverCancel(d: SimDriver, reason: string): boolean {
    if (!d.client || d.tripId === null || d.busy) return false;
    d.busy = true;
    d.client
      .call('POST', `/api/trip/apps/driver/trips/${d.tripId}/cancel`, { reason })
      .then(() => void this.ctx.stats.driverCancelled++)
      .catch((e: unknown) => {
        if (!(e instanceof ApiCallError && [400, 404, 409].includes(e.status)))
          this.ctx.fail(`driver ${d.id} cancel`, e);
      })
      .finally(() => {
        d.phase = 'cruising';
        d.tripId = null;
        d.route = [];
        d.busy = false;
      });
    return true;
  }
}
