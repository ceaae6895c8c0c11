import { CITY } from '../../src/domain/city.js';
import { ApiCallError } from './client.js';
import { hashDraw, SimulationContext } from './context.js';
import { SimulatedDrivers } from './drivers.js';
import { SimulatedPassengers } from './passengers.js';
import { fetchRoster } from './roster.js';
import type { SimulatorOptions, SimulatorStats } from './types.js';

export type { SimulatorOptions, SimulatorStats } from './types.js';

/** Drives the apps' contract (HTTP + Socket.IO) with simulated drivers and passengers; never the database. */
export class Simulator {
  readonly stats: SimulatorStats;
  /** The latest failures, newest last (for the report and tests). */
  readonly failures: string[];
  private readonly ctx: SimulationContext;
  private readonly drivers: SimulatedDrivers;
  private readonly passengers: SimulatedPassengers;
  private timer?: NodeJS.Timeout;
  private reporter?: NodeJS.Timeout;
  /** Simulated time of the next simulated SOS, and how many have been drawn. */
  private nextSosAt: number;
  private sosDraws = 0;
  /** Who waits for the next tick (see `nextTick`). */
  private tickWaiters: (() => void)[] = [];

  constructor(opts: SimulatorOptions) {
    this.ctx = new SimulationContext(opts);
    this.stats = this.ctx.stats;
    this.failures = this.ctx.failures;
    this.drivers = new SimulatedDrivers(this.ctx);
    this.passengers = new SimulatedPassengers(this.ctx);
    this.nextSosAt = this.nextSos();
  }

  /** The simulated clock (ms): it moves one tick at a time, so it lags the wall clock on a busy machine. */
  get clock(): number {
    return this.ctx.simNow;
  }

  /** Resolves once the next tick has run (or the simulator stopped): waits counted in ticks, not in seconds. */
  nextTick(): Promise<void> {
    if (this.ctx.stopped) return Promise.resolve();
    return new Promise((resolve) => this.tickWaiters.push(resolve));
  }

  private wakeTickWaiters(): void {
    for (const resolve of this.tickWaiters.splice(0)) resolve();
  }

  /** When the next simulated SOS falls: exponential gaps, `sosPerHour` on average. */
  private nextSos(): number {
    const perHour = this.ctx.opts.sosPerHour ?? 1;
    if (!(perHour > 0)) return Number.POSITIVE_INFINITY;
    const u = hashDraw(-7, ++this.sosDraws);
    return this.ctx.simNow + (-Math.log(1 - u) * 3_600_000) / perHour;
  }

  async start(): Promise<void> {
    const { opts } = this.ctx;
    const roster = await fetchRoster(opts);
    this.drivers.enlist(roster.drivers);
    this.passengers.enlist(roster.passengers);
    if (roster.approvedDrivers < opts.drivers)
      this.ctx.log(`[simulator] only ${roster.approvedDrivers} approved drivers exist (asked for ${opts.drivers})`);
    await this.drivers.signIn();
    await this.passengers.signIn();
    this.timer = setInterval(() => this.tick(), this.ctx.tickMs);
    this.reporter = setInterval(() => this.ctx.log(this.report()), opts.reportEveryMs ?? 60_000);
    this.timer.unref?.();
    this.reporter.unref?.();
  }

  /**
   * Ends every shift as a driver app would: each driver not on a trip goes offline (a driver on a
   * trip may not, and is shown as lost after a minute), so a stopped simulator leaves no ghosts in
   * the live positions for 5 minutes.
   */
  async stop(): Promise<void> {
    this.ctx.stopped = true;
    clearInterval(this.timer);
    clearInterval(this.reporter);
    this.wakeTickWaiters();
    await this.drivers.stop();
  }

  report(): string {
    const s = this.stats;
    const percent = (x: number) => `${Math.round(x * 100)} %`;
    const busy = `busy ${s.busy} (${percent(s.online ? s.busy / s.online : 0)}${s.busyAim ? `, aim ${percent(s.busyAim)}` : ''})`;
    return `[simulator] online ${s.online} · shifts ended ${s.shiftsEnded}, started ${s.shiftsStarted} · ${busy} · requested ${s.requested} · offers ${s.offers} (accepted ${s.accepted}, declined ${s.declined}, ignored ${s.ignored}) · completed ${s.completed} · cancelled by passengers ${s.cancelled}, by drivers ${s.driverCancelled} · no driver ${s.noDriver} · SOS ${s.sos} · low ratings ${s.lowRatings} · errors ${s.errors}`;
  }

  private tick(): void {
    if (this.ctx.opts.lockstep && this.ctx.inFlight.count > 0) return;
    const ms = this.ctx.tickMs * this.ctx.speed;
    this.ctx.simNow += ms;
    this.drivers.tick(ms);
    const { online, busy } = this.drivers.busyNow();
    this.stats.busy = busy;
    this.passengers.tick(ms, online, busy);
    if (!this.ctx.stopped) this.sosTick();
    this.wakeTickWaiters();
  }

  /**
   * When a simulated SOS is due: a passenger or driver on a trip under way raises it, flagged
   * simulated (nobody on a trip: this one is skipped).
   */
  private sosTick(): void {
    if (this.ctx.simNow < this.nextSosAt) return;
    this.nextSosAt = this.nextSos();
    const callers = [
      ...this.passengers.list
        .filter((p) => p.client && p.tripId !== null && p.tripId > 0 && p.status === 'in_progress')
        .map((p) => ({ kind: 'passenger' as const, id: p.id, client: p.client!, tripId: p.tripId!, at: undefined })),
      ...this.drivers.list
        .filter((d) => d.client && d.phase === 'on_trip' && d.tripId !== null)
        .map((d) => ({ kind: 'driver' as const, id: d.id, client: d.client!, tripId: d.tripId!, at: d.at })),
    ];
    if (!callers.length) return;
    const c = callers[Math.floor(hashDraw(-11, this.sosDraws) * callers.length)];
    const at = c.at ?? this.drivers.list.find((d) => d.tripId === c.tripId)?.at ?? CITY.center;
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
          this.ctx.fail(`${c.kind} ${c.id} SOS`, e);
      });
  }
}
