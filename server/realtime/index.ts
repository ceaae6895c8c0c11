import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { decodeJwt } from 'jose';
import { principalFromToken, type StaffPrincipal } from '../auth/guard.js';
import { ApiError } from '../errors.js';
import type { SessionEndedEvent } from '../services.js';
import { SUBSCRIBED } from '../../src/domain/realtimeEvents.js';

export const staffRoom = (staffId: number) => `staff:${staffId}`;
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;

declare module 'fastify' {
  interface FastifyInstance {
    io: Server;
  }
}

interface SocketData {
  staff: StaffPrincipal;
  /** When the access token (and so its session) expires, in ms since the epoch. */
  expiresAt: number;
}

/** setTimeout's ceiling (about 24.8 days); a longer wait is re-armed. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** The access token from `auth: {token}` (browsers) or the spec's `staff-token` header (long-polling). */
function tokenOf(socket: Socket): string | undefined {
  const fromAuth = (socket.handshake.auth as { token?: unknown })?.token;
  if (typeof fromAuth === 'string' && fromAuth) return fromAuth;
  const header = socket.handshake.headers['staff-token'];
  return typeof header === 'string' && header ? header.replace(/^Bearer\s+/i, '') : undefined;
}

/**
 * Socket.IO on the API's own server. Each staff member joins a room of their
 * own (and one per session, so logout can drop exactly that session's sockets).
 */
export async function installRealtime(app: FastifyInstance): Promise<void> {
  const { db, tokens, config, notifier, events } = app.services;
  const io = new Server<
    Record<string, never>,
    Record<string, (...args: unknown[]) => void>,
    Record<string, never>,
    SocketData
  >(app.server, {
    path: '/socket.io',
    cors: { origin: config.corsOrigins, credentials: true, allowedHeaders: ['staff-token'] },
    serveClient: false,
  });
  let redisClients: Redis[] = [];
  if (config.redisUrl) {
    const pub = new Redis(config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 3 });
    const sub = pub.duplicate();
    redisClients = [pub, sub];
    io.adapter(createAdapter(pub, sub, { key: `${config.redisChannelPrefix}socket.io` }));
  }

  io.use((socket, next) => {
    void authenticate(socket, next);
  });
  async function authenticate(socket: Parameters<Parameters<typeof io.use>[0]>[0], next: (err?: Error) => void) {
    try {
      const token = tokenOf(socket);
      const staff = await principalFromToken(db, tokens, token);
      const claimed = socket.handshake.query.staffId;
      if (claimed !== undefined && String(claimed) !== String(staff.id)) {
        return next(new Error('staffId does not match the access token'));
      }
      socket.data.staff = staff;
      // principalFromToken has verified the signature; exp is the session's expiry too.
      const exp = decodeJwt(token!).exp;
      socket.data.expiresAt = exp ? exp * 1000 : Number.POSITIVE_INFINITY;
      next();
    } catch (e) {
      next(new Error(e instanceof ApiError ? e.message : 'UnAuthenticated'));
    }
  }

  /** Is the session still live and its staff member still active? */
  const sessionLive = async (sessionId: string) =>
    !!(await db
      .selectFrom('sessions')
      .innerJoin('staffs', 'staffs.id', 'sessions.staffId')
      .select('sessions.id')
      .where('sessions.id', '=', sessionId)
      .where('sessions.revokedAt', 'is', null)
      .where('staffs.status', '=', 'active')
      .executeTakeFirst());

  io.on('connection', async (socket) => {
    const { staff, expiresAt } = socket.data;
    // A socket outlives its token no longer than an HTTP call could: drop it when the session expires.
    let timer: NodeJS.Timeout | undefined;
    const arm = () => {
      const left = expiresAt - Date.now();
      if (left <= 0) return void socket.disconnect(true);
      if (Number.isFinite(left)) timer = setTimeout(arm, Math.min(left, MAX_TIMER_MS)).unref();
    };
    arm();
    socket.on('disconnect', () => clearTimeout(timer));
    await socket.join([staffRoom(staff.id), sessionRoom(staff.sessionId)]);
    // The handshake checked the session before the socket was in its session room. A logout or
    // deactivation committed in between found no socket to drop, so check once more now that
    // the socket is in the room: anything committed later will find it there.
    try {
      if (socket.connected && !(await sessionLive(staff.sessionId))) socket.disconnect(true);
    } catch (e) {
      app.log.warn({ err: e }, 'realtime: session re-check failed; dropping the socket');
      socket.disconnect(true);
    }
    // From here on every event for this staff member reaches the socket: the client may say it is live.
    if (socket.connected) socket.emit(SUBSCRIBED, { at: new Date().toISOString() });
  });

  notifier.setDelivery((staffIds, event, payload) => {
    if (staffIds.length) io.to(staffIds.map(staffRoom)).emit(event, payload);
  });

  const onSessionEnded = ({ sessionId }: SessionEndedEvent) => {
    io.in(sessionRoom(sessionId)).disconnectSockets(true);
  };
  events.on('sessionEnded', onSessionEnded);

  app.decorate('io', io);
  app.addHook('preClose', async () => {
    events.off('sessionEnded', onSessionEnded);
    // From here on nothing is delivered: an after-commit event finishing during shutdown would
    // otherwise publish through a Redis client that is quitting ("Connection is closed", unhandled,
    // inside the Redis adapter's broadcast).
    notifier.setDelivery(() => undefined);
    // Dropping the transports (not a server-side disconnect) is Socket.IO's reconnect hint: clients
    // see "transport close" and reconnect by themselves, to this process after a restart or to another.
    io.engine.close();
  });
  app.addHook('onClose', async () => {
    // io.close's promise settles before the HTTP server has closed; its callback waits for that.
    await new Promise<void>((resolve) => {
      void io.close(() => resolve());
    });
    await Promise.all(redisClients.map((c) => c.quit().catch(() => undefined)));
  });
}
