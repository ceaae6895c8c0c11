import type { Socket } from 'socket.io-client';
import type { LatLng } from '../../src/domain/fare.js';
import type { ApiClient } from './client.js';

export interface SimulatorOptions {
  url: string;
  drivers: number;
  passengers: number;
  /** Simulated seconds per real second (waits shorter, cars faster). */
  speed?: number;
  /**
   * Real ms between ticks (1000): each tick moves the simulated clock by `tickMs × speed` and sends
   * every online driver's position once. Tests tick faster at a higher speed, for the same simulated
   * step in less real time.
   */
  tickMs?: number;
  /**
   * Tests: a tick is skipped (the simulated clock stands still) while an API call of the apps is
   * still waiting for its answer, so a server slowed down by a busy machine slows the simulation
   * with it instead of losing simulated time to the wait.
   */
  lockstep?: boolean;
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

export type DriverPhase = 'cruising' | 'offered' | 'to_pickup' | 'at_pickup' | 'on_trip' | 'off';

/** A simulated driver: signed in through the app, online on its socket, moving at 1 Hz. */
export interface SimDriver {
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

/** A simulated passenger: signed in through the app, with at most one trip at a time. */
export interface SimPassenger {
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
