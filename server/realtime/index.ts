import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { principalFromToken, type StaffPrincipal } from '../auth/guard.js';
import { ApiError } from '../errors.js';
import type { SessionEndedEvent } from '../services.js';

export const staffRoom = (staffId: number) => `staff:${staffId}`;
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;

declare module 'fastify' {
  interface FastifyInstance {
    io: Server;
  }
}

interface SocketData {
  staff: StaffPrincipal;
}

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
  const io = new Server<Record<string, never>, Record<string, (...args: unknown[]) => void>, Record<string, never>, SocketData>(app.server, {
    path: '/socket.io',
    cors: { origin: config.corsOrigins, credentials: true, allowedHeaders: ['staff-token'] },
    serveClient: false,
  });
  let redisClients: Redis[] = [];
  if (config.redisUrl) {
    const pub = new Redis(config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 3 });
    const sub = pub.duplicate();
    redisClients = [pub, sub];
    io.adapter(createAdapter(pub, sub));
  }

  io.use(async (socket, next) => {
    try {
      const staff = await principalFromToken(db, tokens, tokenOf(socket));
      const claimed = socket.handshake.query.staffId;
      if (claimed !== undefined && String(claimed) !== String(staff.id)) {
        return next(new Error('staffId does not match the access token'));
      }
      socket.data.staff = staff;
      next();
    } catch (e) {
      next(new Error(e instanceof ApiError ? e.message : 'UnAuthenticated'));
    }
  });

  io.on('connection', (socket) => {
    const { staff } = socket.data;
    void socket.join([staffRoom(staff.id), sessionRoom(staff.sessionId)]);
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
    io.local.disconnectSockets(true);
  });
  app.addHook('onClose', async () => {
    await new Promise<void>((resolve) => io.close(() => resolve()));
    await Promise.all(redisClients.map((c) => c.quit().catch(() => undefined)));
  });
}
