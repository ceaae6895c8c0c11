import { EventEmitter } from 'node:events';
import { RequestLogs } from './delivery/requestLogs.js';
import { installDrain } from './delivery/drain.js';
import { consoleMode, loggerOptions, markSimulatedRequests, outboxLogger } from './logging.js';
import cors from '@fastify/cors';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { Redis } from 'ioredis';
import { installAccessControl } from './auth/guard.js';
import { appAccessCheck } from './apps/principal.js';
import { AreaWatch } from './apps/live/areaWatch.js';
import { LiveDrivers } from './apps/live/service.js';
import { RedisLiveStore } from './apps/live/redisStore.js';
import { installLiveSockets } from './apps/live/sockets.js';
import { OfferCascade } from './apps/offers/cascade.js';
import { PrincipalCache } from './auth/principalCache.js';
import { TokenService } from './auth/tokens.js';
import type { Config } from './config.js';
import { createDb, type DbHandle } from './db/index.js';
import { migrateToLatest } from './db/migrate.js';
import { installCompression } from './delivery/compression.js';
import { serveStaticPanel } from './delivery/staticPanel.js';
import { isEmpty, seedDemo } from './db/seed/index.js';
import { lazySchemaCompilers } from './delivery/lazySchemas.js';
import { syncPermissions } from './user/permissions/sync.js';
import { badRequest, installErrorHandler, tooManyRequests } from './errors.js';
import { createMessenger } from './mail/outbox.js';
import { HeldMessages, type HoldClock } from './rest/heldMessages.js';
import { installHealthRoutes } from './health.js';
import { installRealtime } from './realtime/index.js';
import type { AppServices } from './services.js';
import { APPS_TAG } from './apps/authRoutes.js';
import { tripService } from './trip/index.js';
import { userService } from './user/index.js';
import { Notifier } from './user/notifications/notifier.js';
import { ReadCaches, startReadCaches } from './rest/readCaches.js';
import { controlCharacterFields, holdsControlCharacters, loadPhoneRules } from '../src/domain/fieldRules.js';
import { DEFAULT_MAP_STYLE_URL, styleOrigin } from '../src/domain/map.js';
import { refusal, settleRuleMessages } from '../src/domain/messageCodes.js';

export interface BuildOptions {
  /** An already open database (tests share a seeded one). */
  db?: DbHandle;
  /** The clock held texts wait on for their undo window (tests move it themselves); the real one by default. */
  holdClock?: HoldClock;
}

/** The map style's host, as the panel was built with it (VITE_MAP_STYLE_URL, same default). */
const MAP_ORIGIN = styleOrigin(process.env.VITE_MAP_STYLE_URL || DEFAULT_MAP_STYLE_URL);

/**
 * CSP the built panel satisfies: no inline script, fonts and images from our origin. MapLibre
 * fetches its style, tiles, glyphs and sprites (connect-src), runs its worker from our origin or a
 * blob: URL (worker-src, child-src for older browsers) and decodes images to blob:/data: URLs.
 */
/** An API route's answer (data, not a document): everything under /api/ but the docs' HTML pages. */
export const isApiAnswer = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');

const CSP = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:', ...(MAP_ORIGIN ? [MAP_ORIGIN] : [])],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'", 'ws:', 'wss:', ...(MAP_ORIGIN ? [MAP_ORIGIN] : [])],
  workerSrc: ["'self'", 'blob:'],
  childSrc: ["'self'", 'blob:'],
  objectSrc: ["'none'"],
  frameAncestors: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
};

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  // The write rules read national phone numbers with libphonenumber-js, loaded on first need (fieldRules).
  await loadPhoneRules();
  const logs = consoleMode(config);
  const app = Fastify({
    logger: loggerOptions(config, logs),
    logController: new RequestLogs({ requestsAtInfo: logs.requestsAtInfo }),
    bodyLimit: 1024 * 1024,
    trustProxy: process.env.TRUST_PROXY === 'true',
    routerOptions: { maxParamLength: 200 },
    schemaController: { compilersFactory: lazySchemaCompilers() },
  });

  const handle = options.db ?? (await createDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  const progress = (line: string) => app.log.info(line);
  await migrateToLatest(handle.db, progress);
  if (config.seedDemo && (await isEmpty(handle.db))) {
    const started = Date.now();
    await seedDemo(handle.db, { filesDir: config.filesDir, scryptN: config.scryptN, progress });
    app.log.info(`Seeded the demo city in ${Math.round((Date.now() - started) / 1000)} s`);
  }
  const addedPermissions = await syncPermissions(handle.db);
  if (addedPermissions.length) app.log.info({ permissions: addedPermissions }, 'Declared permissions added');

  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 3 }) : undefined;
  const services: AppServices = {
    config,
    db: handle.db,
    tokens: new TokenService(config.jwtSecret, config.tokenTtl),
    messenger: createMessenger({
      smtpUrl: config.smtpUrl,
      smsWebhookUrl: config.smsWebhookUrl,
      from: config.mailFrom,
      logger: outboxLogger(app.log),
    }),
    notifier: new Notifier(handle.db),
    events: new EventEmitter(),
    principals: new PrincipalCache(redis, config.redisChannelPrefix),
    redis,
    live: new LiveDrivers(
      handle.db,
      app.log,
      redis && config.liveStore === 'redis' ? new RedisLiveStore(redis, config.liveKeyPrefix) : undefined,
    ),
    offers: undefined as unknown as OfferCascade,
    readCaches: new ReadCaches(),
    heldMessages: undefined as unknown as HeldMessages,
  };
  services.heldMessages = new HeldMessages(services.db, services.messenger, app.log, options.holdClock);
  services.offers = new OfferCascade(services, app.log);
  // Drivers leaving the service areas on a trip are flagged (issue 32).
  services.live.areaWatch = new AreaWatch(() => services, app.log);
  await services.principals.start();
  const stopReadCaches = await startReadCaches(services.readCaches, handle, services.events, app.log);
  app.decorate('services', services);

  installErrorHandler(app);
  installDrain(app);
  markSimulatedRequests(app);
  // PostgreSQL refuses NUL in text, so a control character in the address would otherwise be a 500.
  app.addHook('preValidation', async (request) => {
    if (holdsControlCharacters(request.query) || holdsControlCharacters(request.params))
      throw badRequest(refusal('control', { label: 'The address' }));
    // Routes open without a token (sign-in, codes, sign-up) screen their JSON body the same way,
    // naming the field, before any lookup (issue 43: a NUL in a login email was a 500).
    if (request.routeOptions.config?.access === 'public') {
      const errors = controlCharacterFields(request.body);
      if (errors) throw badRequest(Object.values(errors)[0]!, errors);
    }
  });
  // helmet's own middleware, built once: @fastify/helmet rebuilds it on every request (~0.06 ms each).
  // They are for documents a browser renders (the panel, the API docs): an API answer (JSON, CSV)
  // carries only nosniff, not the ~1.1 kB of CSP, frame, referrer and cross-origin policies.
  const securityHeaders = helmet({ contentSecurityPolicy: { directives: CSP } });
  app.addHook('onRequest', (request, reply, done) => {
    if (isApiAnswer(request.url)) {
      reply.raw.setHeader('X-Content-Type-Options', 'nosniff');
      done();
      return;
    }
    securityHeaders(request.raw, reply.raw, (err?: unknown) => done(err as Error | undefined));
  });
  await app.register(cors, {
    origin: config.corsOrigins,
    exposedHeaders: ['Content-Range'],
    allowedHeaders: ['Authorization', 'Content-Type', 'staff-token'],
    methods: ['GET', 'POST', 'PUT', 'DELETE'],
  });
  await app.register(rateLimit, {
    global: config.rateLimits.global > 0,
    max: config.rateLimits.global || 1_000_000,
    timeWindow: config.rateLimits.windowMs,
    // The panel's hashed files are static, immutable and served precompressed: one sign-in loads
    // dozens of lazy chunks, and an office of staff behind one address would otherwise spend the
    // API's budget on them.
    allowList: (request) => request.url.startsWith('/assets/'),
    redis,
    nameSpace: config.rateLimitNamespace,
    errorResponseBuilder: (_req, ctx) => tooManyRequests(ctx.ttl),
  });
  await installCompression(app);
  await app.register(multipart, { limits: { fileSize: 5 * 1024 * 1024, files: 1, fields: 10 } });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Ride Admin API',
        version: '1.0.0',
        description:
          'User service (/api/user) and trip service (/api/trip). Authenticate with `Authorization: Bearer <accessToken>` from POST /api/user/auth/login.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
      tags: [APPS_TAG],
    },
    transform: ({ schema, url, route }) => {
      const bodyDocs = route.config?.bodyDocs;
      return { schema: bodyDocs ? { ...schema, body: bodyDocs } : schema, url };
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: false, uiConfig: { docExpansion: 'list' } });

  app.decorateRequest('appUser', null);
  installAccessControl(
    app,
    services.db,
    services.tokens,
    services.principals,
    appAccessCheck(services.db, services.tokens),
  );
  await app.register(userService, { prefix: '/api/user' });
  await app.register(tripService, { prefix: '/api/trip' });

  if (services.messenger.outbox) {
    const outbox = services.messenger.outbox;
    app.get(
      '/api/dev/outbox',
      {
        config: { access: 'public' },
        schema: {
          tags: ['development'],
          summary: 'Development mail and SMS outbox, newest first (absent in production)',
        },
      },
      async () => outbox,
    );
    app.get(
      '/api/dev/held-messages',
      {
        config: { access: 'public' },
        schema: {
          tags: ['development'],
          summary:
            'Development: texts of undoable bulk actions, newest first, held until the undo window closes, then sent or (undone) cancelled',
        },
      },
      async () => services.heldMessages.recent(),
    );
  }
  installHealthRoutes(app, services);

  await serveStaticPanel(app, config.staticDir);
  await installRealtime(app);
  installLiveSockets(app);

  // Texts whose undo window closed while no process ran go out now (late rather than never).
  await services.heldMessages.start();

  app.addHook('onClose', async () => {
    services.heldMessages.stop();
    await services.principals.stop();
    await stopReadCaches();
    await redis?.quit().catch(() => undefined);
    if (!options.db) await handle.close();
  });
  // Every write rule is built by now: their messages keep their codes however many others follow.
  settleRuleMessages();
  return app;
}
