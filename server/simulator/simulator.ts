import type { Socket } from 'socket.io-client';
import { PLACES, type Place } from '../../src/domain/places.js';
import { CITY } from '../../src/domain/city.js';
import { CITY_SPEED_KMH, haversineKm, type LatLng } from '../../src/domain/fare.js';
import { routePoints } from '../trip/geo/route.js';
import { demandAt, MAX_DEMAND } from '../db/seed/trip.js';
import { ApiCallError, ApiClient, signInByPhone } from './client.js';

export interface SimulatorOptions {
  url: string;
  drivers: number;
  passengers: number;
  /** Simulated seconds per real second (waits shorter, cars faster); positions stay at 1 Hz. */
  speed?: number;
  /** A staff account that may list drivers and passengers: the simulator's roster (read only). */
  staffEmail?: string;
  staffPassword?: string;
  /** Trips requested per passenger per simulated hour at peak demand. */
  tripsPerPassengerHour?: number;
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
  requested: number;
  offers: number;
  accepted: number;
  declined: number;
  ignored: number;
  completed: number;
  cancelled: number;
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

const sum = PLACES.reduce((s, p) => s + p.weight, 0);

/** Drives the apps' contract (HTTP + Socket.IO) with simulated drivers and passengers; never the database. */
export class Simulator {
  readonly stats: SimulatorStats = {
    online: 0,
    shiftsEnded: 0,
    shiftsStarted: 0,
    positions: 0,
    requested: 0,
    offers: 0,
    accepted: 0,
    declined: 0,
    ignored: 0,
    completed: 0,
    cancelled: 0,
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

  constructor(private readonly opts: SimulatorOptions) {
    this.speed = opts.speed ?? 1;
    this.random = opts.random ?? Math.random;
    this.log = opts.log ?? ((line) => console.log(line));
    this.simNow = opts.startAt ?? Date.now();
    this.demandStart = this.simNow - 182 * 86_400_000;
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
    }));
    this.passengers = passengers.map((p) => ({ ...p, tripId: null, waitedMs: 0, pollMs: 0 }));
    if (roster.length < this.opts.drivers)
      this.log(`[simulator] only ${roster.length} approved drivers exist (asked for ${this.opts.drivers})`);
  }

  async start(): Promise<void> {
    await this.roster();
    // Sign-ins a few at a time: each reads its code from the outbox right after asking for it.
    const queue = [...this.drivers];
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        for (let d = queue.shift(); d && !this.stopped; d = queue.shift()) await this.driverOnline(d);
      }),
    );
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
    return `[simulator] online ${s.online} · shifts ended ${s.shiftsEnded}, started ${s.shiftsStarted} · requested ${s.requested} · offers ${s.offers} (accepted ${s.accepted}, declined ${s.declined}, ignored ${s.ignored}) · completed ${s.completed} · cancelled ${s.cancelled} · no driver ${s.noDriver} · SOS ${s.sos} · low ratings ${s.lowRatings} · errors ${s.errors}`;
  }

  /**
   * Simulated ms in [lo, hi] for a driver's shift or break: a hash of the driver and their shift count,
   * so shifts do not draw from `random` (a seeded run keeps its trips and offers whatever the shifts).
   */
  private between(d: SimDriver, [lo, hi]: [number, number]): number {
    d.draws++;
    const x = Math.sin(d.id * 12.9898 + d.draws * 78.233) * 43758.5453;
    return lo + (x - Math.floor(x)) * (hi - lo);
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
    if (d.busy || !d.client) return;
    if (d.phase === 'cruising' && d.tripId === null && this.simNow >= d.shiftUntil) {
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
    const r = this.random();
    // Most accept after a few seconds; some decline; a few never answer (the server times them out).
    if (r < 0.06) return void this.stats.ignored++;
    const thinkMs = (1000 + this.random() * 4000) / this.speed;
    setTimeout(() => {
      if (this.stopped || !d.client) return;
      const accept = r >= 0.16;
      d.client
        .call('POST', `/api/trip/apps/driver/offers/${offer.offerId}/${accept ? 'accept' : 'decline'}`)
        .then(() => {
          if (!accept) return void this.stats.declined++;
          this.stats.accepted++;
          d.tripId = offer.tripId;
          d.phase = 'to_pickup';
          d.route = this.routeTo(d.at, offer.pickup);
          d.dropoff = offer.dropoff;
        })
        .catch((e: unknown) => {
          if (!(e instanceof ApiCallError && e.status === 409)) this.fail(`driver ${d.id} answer`, e);
        });
    }, thinkMs).unref?.();
  }

  /**
   * A trip held from an earlier run or from the seed: carry on from its current step, as a driver
   * app restarted mid-trip would (asking "arrived" of a trip already started is refused).
   */
  private async resumeTrip(d: SimDriver): Promise<void> {
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

  private async tick(): Promise<void> {
    const ms = 1000 * this.speed;
    this.simNow += ms;
    const now = new Date().toISOString();
    for (const d of this.drivers) {
      if (!this.stopped) this.shifts(d);
      if (d.phase === 'off' || !d.socket?.connected) continue;
      const arrived = this.move(d, ms);
      if (d.phase === 'cruising' && arrived) d.route = this.routeTo(d.at, this.jitter(this.place()));
      else if (d.phase === 'to_pickup' && arrived) {
        d.waitMs = this.pickupWaitMs();
        this.step(d, 'arrived', 'at_pickup');
      } else if (d.phase === 'at_pickup' && (d.waitMs -= ms) <= 0) {
        d.route = d.dropoff ? this.routeTo(d.at, d.dropoff) : [];
        this.step(d, 'started', 'on_trip');
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
    this.passengersTick(ms);
  }

  private passengersTick(ms: number) {
    const demand = demandAt(this.simNow, this.demandStart, 182 * 86_400_000) / MAX_DEMAND;
    const perMs = ((this.opts.tripsPerPassengerHour ?? 0.5) * demand) / 3_600_000;
    for (const p of this.passengers) {
      if (!p.client) continue;
      if (p.tripId === null) {
        if (this.random() < perMs * ms) void this.request(p);
        continue;
      }
      p.waitedMs += ms;
      if ((p.pollMs -= ms) <= 0) {
        p.pollMs = 10_000 * this.speed;
        void this.follow(p);
      }
    }
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
      const choice = (withDrivers.length ? withDrivers : quotes.data)[
        Math.floor(this.random() * (withDrivers.length || quotes.data.length))
      ];
      const { data } = await p.client!.call<{ data: { id: number } }>('POST', '/api/trip/apps/passenger/trips', {
        vehicleTypeId: choice.vehicleTypeId,
        pickupAddress: `${from.name}, ${from.area}`,
        pickupLat: pickup.lat,
        pickupLng: pickup.lng,
        dropoffAddress: `${to.name}, ${to.area}`,
        dropoffLat: dropoff.lat,
        dropoffLng: dropoff.lng,
        paymentMethod: this.random() < 0.6 ? 'cash' : 'card',
      });
      this.stats.requested++;
      p.tripId = data.id;
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
      } else if (data.status === 'in_progress' && this.random() < 0.002) {
        await p.client!.call('POST', '/api/trip/sos/report', {
          tripId: id,
          caller: 'passenger',
          lat: -1.2864,
          lng: 36.8172,
        });
        this.stats.sos++;
      }
    } catch (e) {
      if (!(e instanceof ApiCallError && e.status === 409)) this.fail(`passenger ${p.id} trip ${id}`, e);
    }
  }
}
