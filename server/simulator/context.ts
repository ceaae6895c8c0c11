import { PLACES, type Place } from '../../src/domain/places.js';
import { CITY } from '../../src/domain/city.js';
import type { LatLng } from '../../src/domain/fare.js';
import { routePoints } from '../trip/geo/route.js';
import type { SimulatorOptions, SimulatorStats } from './types.js';
import type { CallsInFlight } from './client.js';

const placesWeight = PLACES.reduce((s, p) => s + p.weight, 0);

/**
 * A draw in [0, 1) from a hash of `a` and `b`, not from `random`: shifts and alarms do not shift
 * a seeded run's trips and offers.
 */
export function hashDraw(a: number, b: number): number {
  const x = Math.sin(a * 12.9898 + b * 78.233) * 43758.5453;
  return x - Math.floor(x);
}

/** The road points from `from` to `to`, without `from`. */
export function routeTo(from: LatLng, to: LatLng): LatLng[] {
  return routePoints(from, to)
    .slice(1)
    .map(([lat, lng]) => ({ lat, lng }));
}

/**
 * What the simulated drivers and passengers share: the options, the counters, the one `random`
 * (seeded runs draw from it in a fixed order) and the simulated clock.
 */
export class SimulationContext {
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
  readonly speed: number;
  /** Real ms between ticks. */
  readonly tickMs: number;
  readonly random: () => number;
  readonly log: (line: string) => void;
  /** The simulated clock (ms): it moves one tick at a time, so it lags the wall clock on a busy machine. */
  simNow: number;
  stopped = false;
  /** The apps' API calls still waiting for their answer (see `SimulatorOptions.lockstep`). */
  readonly inFlight: CallsInFlight = { count: 0 };

  constructor(readonly opts: SimulatorOptions) {
    this.speed = opts.speed ?? 1;
    this.tickMs = opts.tickMs ?? 1000;
    this.random = opts.random ?? Math.random;
    this.log = opts.log ?? ((line) => console.log(line));
    this.simNow = opts.startAt ?? Date.now();
  }

  fail(where: string, e: unknown): void {
    this.stats.errors++;
    this.failures.push(`${where}: ${e instanceof Error ? e.message : String(e)}`);
    if (this.failures.length > 20) this.failures.shift();
  }

  /** A place of the city, drawn by its weight. */
  place(): Place {
    let r = this.random() * placesWeight;
    for (const p of PLACES) if ((r -= p.weight) <= 0) return p;
    return PLACES[0];
  }

  /** A point near `p`, kept inside the service area (positions outside it are dropped by the server). */
  jitter(p: LatLng, km = 0.4): LatLng {
    const d = km / 111;
    const { south, north, west, east } = CITY.bounds;
    const clamp = (v: number, lo: number, hi: number) => Math.min(hi - 0.001, Math.max(lo + 0.001, v));
    return {
      lat: clamp(p.lat + (this.random() - 0.5) * 2 * d, south, north),
      lng: clamp(p.lng + (this.random() - 0.5) * 2 * d, west, east),
    };
  }
}
