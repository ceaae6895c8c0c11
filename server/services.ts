import type { EventEmitter } from 'node:events';
import type { ReadCaches } from './rest/readCaches.js';
import type { Redis } from 'ioredis';
import type { PrincipalCache } from './auth/principalCache.js';
import type { TokenService } from './auth/tokens.js';
import type { Config } from './config.js';
import type { LiveDrivers } from './apps/live/service.js';
import type { OfferCascade } from './apps/offers/cascade.js';
import type { Db } from './db/index.js';
import type { Messenger } from './mail/outbox.js';
import type { HeldMessages } from './rest/heldMessages.js';
import type { Notifier } from './user/notifications/notifier.js';

/** What routes and resource hooks may use; built once in buildApp. */
export interface AppServices {
  config: Config;
  db: Db;
  tokens: TokenService;
  messenger: Messenger;
  notifier: Notifier;
  /** In-process events: 'sessionEnded' {sessionId, staffId} lets realtime drop that session's sockets. */
  events: EventEmitter;
  /** Signed-in principals by session; call `principals.changed()` after anything that alters access. */
  principals: PrincipalCache;
  redis?: Redis;
  /** Online drivers' live positions and the dispatcher feed (server/apps/live). */
  live: LiveDrivers;
  /** The offer cascade of requested trips (server/apps/offers). */
  offers: OfferCascade;
  /** Cached answers of "one record by id" (declarations with `cacheReads`), kept exact by change notices. */
  readCaches: ReadCaches;
  /** Texts of undoable bulk actions, held until the undo window closes (server/rest/heldMessages.ts). */
  heldMessages: HeldMessages;
}

export interface SessionEndedEvent {
  sessionId: string;
  staffId: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: AppServices;
  }
  interface FastifyContextConfig {
    /** A documentation-only schema of the body, which yup validates. */
    bodyDocs?: object;
  }
}
