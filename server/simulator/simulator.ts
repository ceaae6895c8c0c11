import type { Socket } from 'socket.io-client';
import { PLACES, type Place } from '../../src/domain/places.js';
import { CITY } from '../../src/domain/city.js';
import { CITY_SPEED_KMH, haversineKm, type LatLng } from '../../src/domain/fare.js';
import { routePoints } from '../trip/geo/route.js';
import { demandAt, MAX_DEMAND } from '../db/seed/trip.js';
import { OFFER_TIMEOUT_MS } from '../../src/domain/offers.js';
import { bookingRate, busyShareAim, cityHour, DEFAULT_BUSY_TARGET } from './demand.js';
import { ApiCallError, ApiClient, signInByPhone } from './client.js';

export interface SimulatorOptions {
  url: string;
  drivers: number;
  passengers: number;
  /** Simulated seconds per real second (waits shorter, cars faster); positions stay at 1 Hz. */
  speed?: number;
  /** The share of bookings made for later, 20 to 90 minutes ahead (0.1). */
  scheduledShare?: number;
  /** A staff account that may list drivers and passengers: the simulator's roster (read only). */
  staffEmail?: string;
  staffPassword?: string;
  /**
   * Trips requested per passenger per simulated hour at peak demand: a fixed demand (benchmarks).
   * Unset, the demo's demand follows the supply (see `busy`).
   */
  tripsPerPassengerHour?: number;
  /**
   * The demo's demand: the share of online drivers to keep busy (offered, driving to a pickup, at
   * it or on a trip), 0.2 by default, scaled by the hour's rhythm (server/simulator/demand.ts).
   */
  busy?: number;
  /**
   * Simulated SOS alarms per simulated hour (1 by default, 0: none), from a passenger or driver on a
   * trip under way. They are flagged simulated; the server closes one after 10 minutes unless staff act.
   */
  sosPerHour?: number;
  /**
   * The share of drivers whose shift changes within the first simulated hour (0 by default): half of
   * them start off duty and come online within it, the other half end their first shift within it.
   */
  shiftChange?: number;
  log?: (line: string) => void;
  reportEveryMs?: number;
  /** Only every `count`-th driver and passenger of the roster from `index` (several simulators, one city). */
  shard?: { index: number; count: number };
  random?: () => number;
  /** Where the simulated clock starts (ms since the epoch); demand follows its hour of day. Now by default. */
  startAt?: number;
  /**
   * Simulated ms of a shift [shortest, longest] (4 to 9 hours by default) and of the break between
   * two ([20 min, 1 h]). The first shift has already run part of its course (it ends after at least half
   * the shortest), so drivers do not all stop at once.
   */
  shiftMs?: [number, number];
  breakMs?: [number, number];
}

export interface SimulatorStats {
  /** Drivers online now. */
  online: number;
  /** Shifts ended (the driver went offline for a break) and shifts started again after one. */
  shiftsEnded: number;
  shiftsStarted: number;
  positions: number;
  /** Drivers busy now (offered, driving to a pickup, at it or on a trip), and the share aimed at now. */
  busy: number;
  busyAim: number;
  requested: number;
  /** Trips booked for later (issue 32): the board's Scheduled column. */
  scheduled: number;
  offers: number;
  accepted: number;
  declined: number;
  ignored: number;
  completed: number;
  /** Trips cancelled by their passenger and by their driver. */
  cancelled: number;
  driverCancelled: number;
  noDriver: number;
  sos: number;
  lowRatings: number;
  errors: number;
}

type DriverPhase = 'cruising' | 'offered' | 'to_pickup' | 'at_pickup' | 'on_trip' | 'off';

interface SimDriver {
  id: number;
  phone: string;
  client?: ApiClient;
  socket?: Socket;
  at: LatLng;
  heading: number;
  /** Speed over the last tick, km/h. */
  speedKmh: number;
  route: LatLng[];
  phase: DriverPhase;
  tripId: number | null;
  /** Where the current trip ends, once a trip is held. */
  dropoff?: LatLng;
  /** Simulated ms until the next decision (waiting at the pickup, a break). */
  waitMs: number;
  busy: boolean;
  /** Simulated time when the shift ends (once free) or, off duty, when the break ends. */
  shiftUntil: number;
  /** Off on a break between shifts (not the same as not signed in yet). */
  onBreak: boolean;
  /** Shift and break lengths drawn so far. */
  draws: number;
  /** Simulated time until which an offer waits for this driver's answer (0: none). */
  offeredUntil: number;
  /** Simulated ms of driving to the pickup after which this driver cancels the trip (null: never). */
  cancelInMs: number | null;
  /** The passenger will not show up: after the wait at the pickup, the driver cancels. */
  noShow: boolean;
}

/** The part of the apps' trip view (`GET apps/driver/trip`) a driver needs to carry on. */
interface HeldTrip {
  id: number;
  status: string;
  pickup: LatLng;
  dropoff: LatLng;
}

interface SimPassenger {
  id: number;
  phone: string;
  client?: ApiClient;
  tripId: number | null;
  /** The trip's status when last looked at. */
  status: string | null;
  /** Simulated ms the current request has waited. */
  waitedMs: number;
  pollMs: number;
}

const LOW_RATING_COMMENTS = [
  'The driver took a long detour',
  'The driver was rude',
  'The car was dirty',
  'I was overcharged',
];

const PASSENGER_CANCEL_REASONS = ['Changed my plans', 'Found another ride', 'The driver was taking too long'];
const DRIVER_CANCEL_REASONS = ['Car trouble', 'Stuck in traffic, cannot reach the pickup'];
/** The share of accepted trips a driver cancels on the way, and of passengers who never show up. */
const DRIVER_CANCEL_SHARE = 0.03;
const NO_SHOW_SHARE = 0.04;
/** Per passenger poll (10 simulated s) while the driver is on the way: about 7 % of trips. */
const PASSENGER_CANCEL_PER_POLL = 0.003;
/** The share of simulated bookings made for later (issue 32). */
const SCHEDULED_SHARE = 0.1;

const sum = PLACES.reduce((s, p) => s + p.weight, 0);

/** Drives the apps' contract (HTTP + Socket.IO) with simulated drivers and passengers; never the database. */
export class Simulator {
  readonly stats: SimulatorStats = {
    online: 0,
    shiftsEnded: 0,
    shiftsStarted: 0,
    positions: 0,
    busy: 0,
    busyAim: 0,
    requested: 0,
    scheduled: 0,
    offers: 0,
    accepted: 0,
    declined: 0,
    ignored: 0,
    completed: 0,
    cancelled: 0,
    driverCancelled: 0,
    noDriver: 0,
    sos: 0,
    lowRatings: 0,
    errors: 0,
  };
  /** The latest failures, newest last (for the report and tests). */
  readonly failures: string[] = [];
  private drivers: SimDriver[] = [];
  private passengers: SimPassenger[] = [];
  private timer?: NodeJS.Timeout;
  private reporter?: NodeJS.Timeout;
  private readonly speed: number;
  private readonly random: () => number;
  private readonly log: (line: string) => void;
  private simNow: number;
  private stopped = false;
  private readonly demandStart: number;
  /** Bookings owed to the demand so far (fractions carry over from tick to tick). */
  private owed = 0;
  /** Simulated time of the next simulated SOS, and how many have been drawn. */
  private nextSosAt: number;
  private sosDraws = 0;

  constructor(private readonly opts: SimulatorOptions) {
    this.speed = opts.speed ?? 1;
    this.random = opts.random ?? Math.random;
    this.log = opts.log ?? ((line) => console.log(line));
    this.simNow = opts.startAt ?? Date.now();
    this.demandStart = this.simNow - 182 * 86_400_000;
    this.nextSosAt = this.nextSos();
  }

  /** The simulated clock (ms): it moves one tick at a time, so it lags the wall clock on a busy machine. */
  get clock(): number {
    return this.simNow;
  }

  /**
   * A draw in [0, 1) from a hash of `a` and `b`, not from `random`: shifts and alarms do not shift
   * a seeded run's trips and offers.
   */
  private static hash(a: number, b: number): number {
    const x = Math.sin(a * 12.9898 + b * 78.233) * 43758.5453;
    return x - Math.floor(x);
  }

  /** When the next simulated SOS falls: exponential gaps, `sosPerHour` on average. */
  private nextSos(): number {
    const perHour = this.opts.sosPerHour ?? 1;
    if (!(perHour > 0)) return Number.POSITIVE_INFINITY;
    const u = Simulator.hash(-7, ++this.sosDraws);
    return this.simNow + (-Math.log(1 - u) * 3_600_000) / perHour;
  }

  private place(): Place {
    let r = this.random() * sum;
    for (const p of PLACES) if ((r -= p.weight) <= 0) return p;
    return PLACES[0];
  }

  /** A point near `p`, kept inside the service area (positions outside it are dropped by the server). */
  private jitter(p: LatLng, km = 0.4): LatLng {
    const d = km / 111;
    const { south, north, west, east } = CITY.bounds;
    const clamp = (v: number, lo: number, hi: number) => Math.min(hi - 0.001, Math.max(lo + 0.001, v));
    return {
      lat: clamp(p.lat + (this.random() - 0.5) * 2 * d, south, north),
      lng: clamp(p.lng + (this.random() - 0.5) * 2 * d, west, east),
    };
  }

  /** Reads the roster with the staff account: approved drivers and active passengers (phones only). */
  private async roster(): Promise<void> {
    const staff = new ApiClient(this.opts.url);
    const { data } = await staff.call<{ data: { accessToken: string } }>('POST', '/api/user/auth/login', {
      email: this.opts.staffEmail ?? 'admin@example.com',
      password: this.opts.staffPassword ?? 'Admin@1234',
    });
    staff.token = data.accessToken;
    const list = async (resource: string, filter: object, want: number) => {
      const rows: { id: number; phone: string }[] = [];
      for (let from = 0; rows.length < want; from += 500) {
        const q = new URLSearchParams({
          filter: JSON.stringify(filter),
          range: JSON.stringify([from, from + 499]),
          sort: JSON.stringify(['id', 'ASC']),
          fields: 'id,phone',
        });
        const page = await staff.call<{ id: number; phone: string }[]>('GET', `/api/user/${resource}?${q}`);
        rows.push(...page);
        if (page.length < 500) break;
      }
      return rows.slice(0, want);
    };
    const shard = this.opts.shard ?? { index: 0, count: 1 };
    const mine = <T>(rows: T[]) => rows.filter((_, i) => i % shard.count === shard.index);
    const roster = await list('drivers', { approvalStatus: 'approved' }, this.opts.drivers);
    const drivers = mine(roster);
    const passengers = mine(await list('passengers', { status: 'active' }, this.opts.passengers));
    await staff.call('POST', '/api/user/auth/logout').catch(() => undefined);
    this.drivers = drivers.map((d) => ({
      ...d,
      at: this.jitter(this.place(), 1),
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
    this.passengers = passengers.map((p) => ({ ...p, tripId: null, status: null, waitedMs: 0, pollMs: 0 }));
    if (roster.length < this.opts.drivers)
      this.log(`[simulator] only ${roster.length} approved drivers exist (asked for ${this.opts.drivers})`);
  }

  async start(): Promise<void> {
    await this.roster();
    // Shift changes within the first hour: some drivers come on later, some leave early.
    const change = Math.min(1, Math.max(0, this.opts.shiftChange ?? 0));
    const leaveEarly: SimDriver[] = [];
    const queue = this.drivers.filter((d) => {
      const u = Simulator.hash(d.id, -1);
      if (u < change / 2) {
        d.onBreak = true;
        d.shiftUntil = this.simNow + Simulator.hash(d.id, -2) * 3_600_000;
        return false;
      }
      if (u < change) leaveEarly.push(d);
      return true;
    });
    // Sign-ins a few at a time: each reads its code from the outbox right after asking for it.
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        for (let d = queue.shift(); d && !this.stopped; d = queue.shift()) await this.driverOnline(d);
      }),
    );
    for (const d of leaveEarly)
      d.shiftUntil = Math.min(d.shiftUntil, this.simNow + (5 + Simulator.hash(d.id, -3) * 55) * 60_000);
    for (const p of this.passengers) {
      if (this.stopped) break;
      try {
        p.client = await signInByPhone(this.opts.url, 'passenger', p.phone);
      } catch (e) {
        this.fail(`passenger ${p.id} sign-in`, e);
      }
    }
    this.timer = setInterval(() => void this.tick(), 1000);
    this.reporter = setInterval(() => this.log(this.report()), this.opts.reportEveryMs ?? 60_000);
    this.timer.unref?.();
    this.reporter.unref?.();
  }

  /**
   * Ends every shift as a driver app would: each driver not on a trip goes offline (a driver on a
   * trip may not, and is shown as lost after a minute), so a stopped simulator leaves no ghosts in
   * the live positions for 5 minutes.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    clearInterval(this.reporter);
    await Promise.all(
      this.drivers.map(async (d) => {
        if (!d.client || d.phase === 'off') return;
        await d.client.call('POST', '/api/trip/apps/driver/offline').catch(() => undefined);
      }),
    );
    for (const d of this.drivers) d.socket?.close();
  }

  private fail(where: string, e: unknown): void {
    this.stats.errors++;
    this.failures.push(`${where}: ${e instanceof Error ? e.message : String(e)}`);
    if (this.failures.length > 20) this.failures.shift();
  }

  report(): string {
    const s = this.stats;
    const percent = (x: number) => `${Math.round(x * 100)} %`;
    const busy = `busy ${s.busy} (${percent(s.online ? s.busy / s.online : 0)}${s.busyAim ? `, aim ${percent(s.busyAim)}` : ''})`;
    return `[simulator] online ${s.online} · shifts ended ${s.shiftsEnded}, started ${s.shiftsStarted} · ${busy} · requested ${s.requested} · offers ${s.offers} (accepted ${s.accepted}, declined ${s.declined}, ignored ${s.ignored}) · completed ${s.completed} · cancelled by passengers ${s.cancelled}, by drivers ${s.driverCancelled} · no driver ${s.noDriver} · SOS ${s.sos} · low ratings ${s.lowRatings} · errors ${s.errors}`;
  }

  /**
   * Simulated ms in [lo, hi] for a driver's shift or break: a hash of the driver and their shift count,
   * so shifts do not draw from `random` (a seeded run keeps its trips and offers whatever the shifts).
   */
  private between(d: SimDriver, [lo, hi]: [number, number]): number {
    d.draws++;
    return lo + Simulator.hash(d.id, d.draws) * (hi - lo);
  }

  /** Drivers online, and those of them busy: offered (until they answer), to a pickup, at it, on a trip. */
  private busyNow(): { online: number; busy: number } {
    let online = 0;
    let busy = 0;
    for (const d of this.drivers) {
      if (d.phase === 'off') continue;
      online++;
      if (d.phase !== 'cruising' || d.offeredUntil > this.simNow) busy++;
    }
    return { online, busy };
  }

  private get shiftMs(): [number, number] {
    return this.opts.shiftMs ?? [4 * 3_600_000, 9 * 3_600_000];
  }

  private async driverOnline(d: SimDriver): Promise<void> {
    try {
      d.client ??= await signInByPhone(this.opts.url, 'driver', d.phone);
      const { data } = await d.client.call<{ data: { state: string; tripId: number | null } }>(
        'POST',
        '/api/trip/apps/driver/online',
      );
      const [shortest, longest] = this.shiftMs;
      // The first shift is already under way; later ones run whole.
      d.shiftUntil =
        this.simNow + (d.onBreak ? this.between(d, this.shiftMs) : this.between(d, [shortest / 2, longest]));
      if (d.onBreak) this.stats.shiftsStarted++;
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
            void this.resumeTrip(d).catch((e: unknown) => this.fail(`driver ${d.id} assigned trip`, e));
          }
        });
        d.socket.on('offline', () => this.wentOffline(d));
      }
      this.stats.online++;
    } catch (e) {
      this.fail(`driver ${d.id} online`, e);
    }
  }

  /** The driver is offline (the server said so, or their break began): counted once. */
  private wentOffline(d: SimDriver): void {
    if (d.phase !== 'off') this.stats.online--;
    d.phase = 'off';
  }

  /**
   * Shifts: a free driver whose shift is over goes offline for a break, as the app's "go offline"
   * button does, then comes back online for the next shift. A driver with a trip finishes it first.
   */
  private shifts(d: SimDriver): void {
    if (d.busy) return;
    if (d.client && d.phase === 'cruising' && d.tripId === null && this.simNow >= d.shiftUntil) {
      d.busy = true;
      d.client
        .call('POST', '/api/trip/apps/driver/offline')
        .then(() => {
          this.wentOffline(d);
          d.onBreak = true;
          d.route = [];
          d.shiftUntil = this.simNow + this.between(d, this.opts.breakMs ?? [20 * 60_000, 3_600_000]);
          this.stats.shiftsEnded++;
        })
        // An offer accepted meanwhile (409: on a trip): the shift goes on until that trip is done.
        .catch((e: unknown) => {
          if (!(e instanceof ApiCallError && e.status === 409)) this.fail(`driver ${d.id} offline`, e);
        })
        .finally(() => (d.busy = false));
    } else if (d.phase === 'off' && d.onBreak && this.simNow >= d.shiftUntil) {
      d.busy = true;
      void this.driverOnline(d).finally(() => (d.busy = false));
    }
  }

  private onOffer(d: SimDriver, offer: { offerId: number; tripId: number; pickup: LatLng; dropoff: LatLng }) {
    this.stats.offers++;
    // Busy until the answer, or until the server times the offer out (15 s of the server's clock).
    d.offeredUntil = this.simNow + OFFER_TIMEOUT_MS * this.speed;
    const r = this.random();
    // Most accept after reading it for a few seconds; some decline; a few never answer (the server
    // times them out), so the board's offered column and the cascade show.
    if (r < 0.06) return void this.stats.ignored++;
    const thinkMs = (2000 + this.random() * 8000) / this.speed;
    setTimeout(() => {
      if (this.stopped || !d.client) return;
      const accept = r >= 0.16;
      d.client
        .call('POST', `/api/trip/apps/driver/offers/${offer.offerId}/${accept ? 'accept' : 'decline'}`)
        .then(() => {
          d.offeredUntil = 0;
          if (!accept) return void this.stats.declined++;
          this.stats.accepted++;
          d.tripId = offer.tripId;
          d.phase = 'to_pickup';
          d.route = this.routeTo(d.at, offer.pickup);
          d.dropoff = offer.dropoff;
          // A few drivers give up on the way; a few passengers never come to the pickup.
          d.cancelInMs = this.random() < DRIVER_CANCEL_SHARE ? 30_000 + this.random() * 90_000 : null;
          d.noShow = this.random() < NO_SHOW_SHARE;
        })
        .catch((e: unknown) => {
          d.offeredUntil = 0;
          if (!(e instanceof ApiCallError && e.status === 409)) this.fail(`driver ${d.id} answer`, e);
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
      d.route = this.routeTo(d.at, trip.pickup);
    } else if (trip.status === 'arrived') {
      d.at = trip.pickup;
      d.phase = 'at_pickup';
      d.waitMs = this.pickupWaitMs();
    } else if (trip.status === 'in_progress') {
      d.phase = 'on_trip';
      d.route = this.routeTo(d.at, trip.dropoff);
    } else d.tripId = null;
  }

  /** Simulated ms a driver waits at the pickup for the passenger. */
  private pickupWaitMs(): number {
    return 20_000 + this.random() * 100_000;
  }

  private routeTo(from: LatLng, to: LatLng): LatLng[] {
    return routePoints(from, to)
      .slice(1)
      .map(([lat, lng]) => ({ lat, lng }));
  }

  /** Moves a driver along its route by what city speed covers in one simulated tick. */
  private move(d: SimDriver, ms: number): boolean {
    const pace = 0.7 + this.random() * 0.6;
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
          this.stats.completed++;
          d.tripId = null;
        }
      })
      .catch((e: unknown) => {
        // A trip cancelled meanwhile is a 400/404/409: the driver goes back to cruising.
        if (!(e instanceof ApiCallError && [400, 404, 409].includes(e.status))) this.fail(`driver ${d.id} ${path}`, e);
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
      .then(() => void this.stats.driverCancelled++)
      .catch((e: unknown) => {
        if (!(e instanceof ApiCallError && [400, 404, 409].includes(e.status))) this.fail(`driver ${d.id} cancel`, e);
      })
      .finally(() => {
        d.phase = 'cruising';
        d.tripId = null;
        d.route = [];
        d.busy = false;
      });
    return true;
  }

  private async tick(): Promise<void> {
    const ms = 1000 * this.speed;
    this.simNow += ms;
    const now = new Date().toISOString();
    for (const d of this.drivers) {
      if (!this.stopped) this.shifts(d);
      if (d.phase === 'off' || !d.socket?.connected) continue;
      const arrived = this.move(d, ms);
      if (d.phase === 'cruising' && arrived) d.route = this.routeTo(d.at, this.jitter(this.place()));
      else if (d.phase === 'to_pickup' && d.cancelInMs !== null && (d.cancelInMs -= ms) <= 0) {
        if (this.driverCancel(d, DRIVER_CANCEL_REASONS[Math.floor(this.random() * DRIVER_CANCEL_REASONS.length)]))
          d.cancelInMs = null;
      } else if (d.phase === 'to_pickup' && arrived) {
        d.waitMs = this.pickupWaitMs();
        this.step(d, 'arrived', 'at_pickup');
      } else if (d.phase === 'at_pickup' && (d.waitMs -= ms) <= 0) {
        if (d.noShow) {
          if (this.driverCancel(d, 'The passenger did not show up')) d.noShow = false;
        } else {
          d.route = d.dropoff ? this.routeTo(d.at, d.dropoff) : [];
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
      this.stats.positions++;
    }
    const { online, busy } = this.busyNow();
    this.stats.busy = busy;
    this.passengersTick(ms, online, busy);
    if (!this.stopped) this.sosTick();
  }

  private passengersTick(ms: number, online: number, busy: number) {
    const fixed = this.opts.tripsPerPassengerHour;
    const demand = demandAt(this.simNow, this.demandStart, 182 * 86_400_000) / MAX_DEMAND;
    const perMs = ((fixed ?? 0) * demand) / 3_600_000;
    if (fixed === undefined) {
      // The demo: as many bookings as keep the aimed share of the online drivers busy.
      const { hour, weekend } = cityHour(this.simNow);
      const target = this.opts.busy ?? DEFAULT_BUSY_TARGET;
      this.stats.busyAim = busyShareAim(target, hour, weekend);
      this.owed +=
        (bookingRate({ online, busyShare: online ? busy / online : 0, target, hour, weekend }) * ms) / 60_000;
      const idle = this.passengers.filter((p) => p.client && p.tripId === null);
      for (; this.owed >= 1 && idle.length; this.owed--)
        void this.request(idle.splice(Math.floor(this.random() * idle.length), 1)[0]);
      // Bookings no passenger was free to make are not saved up for a burst later.
      this.owed = Math.min(this.owed, 1);
    }
    for (const p of this.passengers) {
      if (!p.client) continue;
      if (p.tripId === null) {
        if (fixed !== undefined && this.random() < perMs * ms) void this.request(p);
        continue;
      }
      p.waitedMs += ms;
      if ((p.pollMs -= ms) <= 0) {
        p.pollMs = 10_000 * this.speed;
        void this.follow(p);
      }
    }
  }

  /**
   * When a simulated SOS is due: a passenger or driver on a trip under way raises it, flagged
   * simulated (nobody on a trip: this one is skipped).
   */
  private sosTick(): void {
    if (this.simNow < this.nextSosAt) return;
    this.nextSosAt = this.nextSos();
    const callers = [
      ...this.passengers
        .filter((p) => p.client && p.tripId !== null && p.tripId > 0 && p.status === 'in_progress')
        .map((p) => ({ kind: 'passenger' as const, id: p.id, client: p.client!, tripId: p.tripId!, at: undefined })),
      ...this.drivers
        .filter((d) => d.client && d.phase === 'on_trip' && d.tripId !== null)
        .map((d) => ({ kind: 'driver' as const, id: d.id, client: d.client!, tripId: d.tripId!, at: d.at })),
    ];
    if (!callers.length) return;
    const c = callers[Math.floor(Simulator.hash(-11, this.sosDraws) * callers.length)];
    const at = c.at ?? this.drivers.find((d) => d.tripId === c.tripId)?.at ?? CITY.center;
    c.client
      .call('POST', '/api/trip/sos/report', {
        tripId: c.tripId,
        caller: c.kind,
        lat: at.lat,
        lng: at.lng,
        simulated: true,
      })
      .then(() => void this.stats.sos++)
      .catch((e: unknown) => {
        // The trip ended or changed hands meanwhile, or the per-address limit: not a failure of the run.
        if (!(e instanceof ApiCallError && [400, 403, 409, 429].includes(e.status)))
          this.fail(`${c.kind} ${c.id} SOS`, e);
      });
  }

  private async request(p: SimPassenger): Promise<void> {
    p.tripId = -1; // requesting
    try {
      const from = this.place();
      let to = this.place();
      while (to === from) to = this.place();
      const pickup = this.jitter(from, 0.2);
      const dropoff = this.jitter(to, 0.2);
      const quotes = await p.client!.call<{ data: { vehicleTypeId: number; nearestEtaSeconds: number | null }[] }>(
        'POST',
        '/api/trip/apps/passenger/quote',
        { pickup, dropoff },
      );
      const withDrivers = quotes.data.filter((q) => q.nearestEtaSeconds !== null);
      // Most book a type with a car nearby; one in ten books the type they want, which may wait on
      // the board while the search widens, or find no driver.
      const pool = withDrivers.length && this.random() >= 0.1 ? withDrivers : quotes.data;
      const choice = pool[Math.floor(this.random() * pool.length)];
      // Some book for later, 20 to 90 minutes ahead on the server's clock: they wait on the board's
      // Scheduled column until their lead time.
      const later = this.random() < (this.opts.scheduledShare ?? SCHEDULED_SHARE);
      const scheduledAt = later ? new Date(Date.now() + (20 + this.random() * 70) * 60_000).toISOString() : undefined;
      const { data } = await p.client!.call<{ data: { id: number } }>('POST', '/api/trip/apps/passenger/trips', {
        scheduledAt,
        vehicleTypeId: choice.vehicleTypeId,
        pickupAddress: `${from.name}, ${from.area}`,
        pickupLat: pickup.lat,
        pickupLng: pickup.lng,
        dropoffAddress: `${to.name}, ${to.area}`,
        dropoffLat: dropoff.lat,
        dropoffLng: dropoff.lng,
        paymentMethod: this.random() < 0.6 ? 'cash' : 'card',
      });
      if (later) {
        // The passenger is free meanwhile; the trip is released and offered at its lead time.
        this.stats.scheduled++;
        p.tripId = null;
        return;
      }
      this.stats.requested++;
      p.tripId = data.id;
      p.status = 'requested';
      p.waitedMs = 0;
      p.pollMs = 5000 * this.speed;
    } catch (e) {
      // A passenger the seed left with a trip under way (409) sits this one out.
      if (!(e instanceof ApiCallError && e.status === 409)) this.fail(`passenger ${p.id} request`, e);
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
        const rating = this.random() < 0.03 ? 1 + Math.floor(this.random() * 2) : 4 + Math.round(this.random());
        if (rating < 3) this.stats.lowRatings++;
        await p.client!.call('POST', `/api/trip/apps/passenger/trips/${id}/rate`, {
          rating,
          // Each opens an issue on the desk (a rating below 3), filed by what the comment says.
          comment: rating < 3 ? LOW_RATING_COMMENTS[Math.floor(this.random() * LOW_RATING_COMMENTS.length)] : null,
        });
      } else if (data.status === 'no_driver_found' || data.status.startsWith('cancelled')) {
        if (data.status === 'no_driver_found') this.stats.noDriver++;
        p.tripId = null;
      } else if (
        (data.status === 'requested' || data.status === 'accepted') &&
        p.waitedMs > 240_000 &&
        this.random() < 0.2
      ) {
        await p.client!.call('POST', `/api/trip/apps/passenger/trips/${id}/cancel`, { reason: 'Waited too long' });
        this.stats.cancelled++;
        p.tripId = null;
      } else if (data.status === 'accepted' && this.random() < PASSENGER_CANCEL_PER_POLL) {
        const reason = PASSENGER_CANCEL_REASONS[Math.floor(this.random() * PASSENGER_CANCEL_REASONS.length)];
        await p.client!.call('POST', `/api/trip/apps/passenger/trips/${id}/cancel`, { reason });
        this.stats.cancelled++;
        p.tripId = null;
      }
    } catch (e) {
      if (!(e instanceof ApiCallError && e.status === 409)) this.fail(`passenger ${p.id} trip ${id}`, e);
    }
  }
}
