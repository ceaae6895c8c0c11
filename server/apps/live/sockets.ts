import type { FastifyInstance } from 'fastify';
import type { Socket } from 'socket.io';
import { ApiError } from '../../errors.js';
import { TRIP_UPDATED, type TripUpdatedEvent } from '../../trip/trips/events.js';
import { DRIVER_BARRED, type DriverBarredEvent } from '../../trip/trips/release.js';
import { DRIVER_SHIFT_CHANGED, parseBBox, type DriverShiftChanged } from '../../../src/domain/liveDrivers.js';
import { appPrincipalFromToken, type AppPrincipal } from '../principal.js';
import type { PositionInput } from './store.js';

export const DRIVERS_NAMESPACE = '/drivers';
export const driverRoom = (driverId: number) => `driver:${driverId}`;
const appSessionRoom = (sessionId: string) => `app-session:${sessionId}`;
/** The permission a staff socket needs to watch drivers. */
export const WATCH_PERMISSION = 'view-DispatcherPage';
/** The permission a staff socket needs to hear drivers go online and offline. */
export const DRIVER_VIEW_PERMISSION = 'view-Driver';

type Ack = (answer: unknown) => void;
const ackOf = (args: unknown[]): Ack | undefined => {
  const last = args[args.length - 1];
  return typeof last === 'function' ? (last as Ack) : undefined;
};

/**
 * The live sockets:
 * - `/drivers`, authenticated by a driver app token (`auth: {token}`): `position` {lat, lng, heading,
 *   speed, at} at 1 Hz, acknowledged `{ok: true}` or `{ok: false, reason}`; the server sends `offer`
 *   there (the offers cascade);
 * - on the staff socket (default namespace), `dispatcher:watch` {bbox} and `dispatcher:unwatch`:
 *   watching sockets of staff holding view-DispatcherPage get `driverPositions` once a second;
 * - staff holding view-Driver get `driverShiftChanged` {driverId, online, at} when a driver goes
 *   online or offline (the app's shift, or silence).
 */
export function installLiveSockets(app: FastifyInstance): void {
  const { db, tokens, events, live, offers } = app.services;
  const drivers = app.io.of(DRIVERS_NAMESPACE);

  drivers.use((socket, next) => {
    const token = (socket.handshake.auth as { token?: unknown })?.token;
    appPrincipalFromToken(db, tokens, typeof token === 'string' ? token : undefined, 'app:driver').then(
      (principal) => {
        socket.data.driver = principal;
        next();
      },
      (e: unknown) => next(new Error(e instanceof ApiError ? e.message : 'UnAuthenticated')),
    );
  });
  drivers.on('connection', (socket: Socket) => {
    const driver = socket.data.driver as AppPrincipal;
    void socket.join([driverRoom(driver.id), appSessionRoom(driver.sessionId)]);
    const left = driver.expiresAt - Date.now();
    const timer = setTimeout(() => socket.disconnect(true), Math.max(0, Math.min(left, 2 ** 31 - 1))).unref();
    socket.on('disconnect', () => clearTimeout(timer));
    socket.on('position', (...args: unknown[]) => {
      const ack = ackOf(args);
      const payload = args[0];
      const result =
        payload && typeof payload === 'object'
          ? live.ingest(driver.id, payload as PositionInput)
          : Promise.resolve((live.store.dropped.invalid++, 'invalid' as const));
      result.then(
        (r) => ack?.(r === 'ok' ? { ok: true } : { ok: false, reason: r }),
        (err: unknown) => {
          app.log.error({ err }, 'live: position not stored');
          ack?.({ ok: false, reason: 'unavailable' });
        },
      );
    });
  });
  const onAppSessionEnded = ({ sessionId }: { sessionId: string }) =>
    drivers.in(appSessionRoom(sessionId)).disconnectSockets(true);
  events.on('appSessionEnded', onAppSessionEnded);
  // A driver suspended or no longer approved (releaseDriver, after commit): the sockets on every
  // process (through the Redis adapter) close, the driver leaves the live store (shared in Redis)
  // and a pending offer goes to the next driver. The app's reconnection and HTTP calls are refused.
  const barDriver = async (driverId: number) => {
    drivers.in(driverRoom(driverId)).disconnectSockets(true);
    if (await live.store.get(driverId)) await live.offline(driverId);
    else await offers.driverOffline(driverId);
  };
  const onDriverBarred = ({ driverId }: DriverBarredEvent) =>
    void barDriver(driverId).catch((err: unknown) => app.log.error({ err, driverId }, 'live: barring a driver failed'));
  events.on(DRIVER_BARRED, onDriverBarred);

  app.io.on('connection', (socket) => {
    const staff = (socket.data as { staff?: { permissions: ReadonlySet<string> } }).staff;
    socket.on('dispatcher:watch', (...args: unknown[]) => {
      const ack = ackOf(args);
      if (!staff?.permissions.has(WATCH_PERMISSION))
        return ack?.({ ok: false, message: `Missing permission ${WATCH_PERMISSION}` });
      const bbox = parseBBox((args[0] as { bbox?: unknown } | undefined)?.bbox);
      if (typeof bbox === 'string') return ack?.({ ok: false, message: bbox });
      live.watch(socket.id, bbox, (batch) => socket.emit('driverPositions', batch));
      ack?.({ ok: true });
    });
    socket.on('dispatcher:unwatch', () => live.unwatch(socket.id));
    socket.on('disconnect', () => live.unwatch(socket.id));
  });

  // Dispatchers with the same batch get it encoded once, and only from this process (each process
  // batches the shared store for its own sockets: `local`, not through the Redis adapter).
  live.sendTo = (socketIds, batch) => app.io.local.to(socketIds).emit('driverPositions', batch);

  // Once the app is closing nothing more goes to the driver apps: an offer withdrawn or a trip change
  // finishing during shutdown would otherwise publish through a Redis client that is quitting
  // ("Connection is closed", unhandled, inside the Redis adapter's broadcast).
  let closing = false;
  const toDriver = (driverId: number, event: string, payload: unknown) => {
    if (!closing) drivers.to(driverRoom(driverId)).emit(event, payload);
  };
  offers.sendToDriver = toDriver;
  const onTrip = async (event: TripUpdatedEvent) => {
    // The driver apps hear of their trip's changes (a passenger's cancellation, a reassignment).
    const message = { id: event.id, status: event.status, driverId: event.driverId };
    const told = new Set((await live.store.onTrip(event.id)).map((e) => e.id));
    if (event.driverId !== null) told.add(event.driverId);
    for (const id of told) toDriver(id, 'trip', message);
    await live.onTripUpdated(event);
    await offers.onTripUpdated(event);
  };
  const onTripEvent = (event: TripUpdatedEvent) =>
    void onTrip(event).catch((err: unknown) => app.log.error({ err }, 'live: trip change failed'));
  events.on(TRIP_UPDATED, onTripEvent);
  live.offlineListeners.push((driverId) => {
    toDriver(driverId, 'offline', { message: 'You are offline' });
    offers.driverOffline(driverId).catch((err: unknown) => app.log.error({ err }, 'offers: offline failed'));
  });

  // Staff who may see drivers hear of shifts (the approved list's online column is live).
  live.shiftListeners.push((driverId, online) => {
    const event: DriverShiftChanged = { driverId, online, at: new Date().toISOString() };
    app.services.notifier
      .emitTo(DRIVER_VIEW_PERMISSION, DRIVER_SHIFT_CHANGED, event)
      .catch((err: unknown) => app.log.error({ err }, 'live: shift event failed'));
  });

  app.addHook('onReady', async () => {
    live.start();
    offers.start();
    // Offers left pending by the previous run: expired ones time out and their trips go on.
    offers.resume().catch((err: unknown) => app.log.error({ err }, 'offers: resume failed'));
  });
  app.addHook('preClose', async () => {
    closing = true;
    offers.stop();
    events.off(TRIP_UPDATED, onTripEvent);
    events.off('appSessionEnded', onAppSessionEnded);
    events.off(DRIVER_BARRED, onDriverBarred);
    await live.stop();
  });
}
