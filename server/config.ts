import path from 'node:path';
import { DEFAULT_SCHEDULE_LEAD_MINUTES, DEFAULT_START_GRACE_MINUTES } from '../src/domain/scheduling.js';
import { UNDO_SECONDS } from '../src/domain/bulk.js';

export const DEFAULT_JWT_SECRET = 'dev-only-secret-change-me-0123456789abcdef';

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** PGlite data directory; undefined means an in-memory database (tests). */
  dataDir: string | undefined;
  /** Where uploaded files live. */
  filesDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  jwtSecret: string;
  /** Access token lifetime in seconds. */
  tokenTtl: number;
  smtpUrl: string | undefined;
  smsWebhookUrl: string | undefined;
  /** Browser origins allowed to call the API cross-origin (the Vite dev server). */
  corsOrigins: string[];
  mailFrom: string;
  /** Seed demo data into an empty database. */
  seedDemo: boolean;
  /** Log level for pino; 'silent' in tests. */
  logLevel: string;
  /** Directory of the built panel, served at /. */
  staticDir: string | undefined;
  /** The company on letterheads (PDF reports and letters): COMPANY_NAME, COMPANY_ADDRESS, COMPANY_REGISTRATION. */
  company: { name: string; address: string; registration: string };
  /** Requests per minute: login per IP, auth calls per email, and all API calls per IP. */
  rateLimits: { loginPerIp: number; perEmail: number; windowMs: number; global: number; appsPerIp?: number };
  /**
   * The sign-in limits beyond the per-minute ones, kept in the database (auth_counters) so that
   * every process shares them: README "Sign-in limits".
   */
  authLimits: AuthLimits;
  /** Redis key prefix of the rate-limit counters (tests give each app its own). */
  rateLimitNamespace: string;
  /** scrypt cost parameter N (OWASP: 2^17). */
  scryptN: number;
  /** Where live driver positions are kept: Redis (shared by processes) by default when REDIS_URL is set (LIVE_STORE). */
  liveStore: 'memory' | 'redis';
  /** Redis key prefix of the live position store (every process of a deployment shares it; tests give each app its own). */
  liveKeyPrefix: string;
  /**
   * Prefix of the Redis channels the processes talk on (Socket.IO's adapter, the principal cache's
   * invalidations): '' in a deployment, so every process hears every other; tests give each app its
   * own, so apps of test files running side by side on one Redis never hear each other's events.
   */
  redisChannelPrefix: string;
  /**
   * A trip requested while no driver app was connected is offered once drivers are, if it was
   * requested within this many minutes (OFFERS_ADOPT_MINUTES, 15; 0: such trips wait for a dispatcher).
   * Tests default to 0: their online drivers would otherwise be offered the seed's requested trips.
   */
  offersAdoptMinutes: number;
  /**
   * A trip booked for later is released to the offers this many minutes before its pickup
   * (SCHEDULED_LEAD_MINUTES, 15); the check runs every `scheduledTickSeconds` (SCHEDULED_TICK_SECONDS, 5; 0: off).
   */
  scheduledLeadMinutes: number;
  scheduledTickSeconds: number;
  /**
   * A trip booked for later may start at most this many minutes before its pickup
   * (SCHEDULED_START_GRACE_MINUTES, 5): the driver app's start is refused before then.
   */
  scheduledStartGraceMinutes: number;
  /** Rides booked for later one passenger may hold at once (SCHEDULED_PER_PASSENGER, 3); none within 30 minutes of another. */
  scheduledPerPassenger: number;
  /**
   * Close simulated SOS alarms nobody acted on 10 minutes after they were raised (true; tests: false,
   * so a slow suite does not close the seed's open alarm under them; they call the sweep directly).
   */
  closeSimulatedSos: boolean;
  /**
   * POST /api/trip/sos/report without an app token, for app builds older than the apps' sign-in
   * (SOS_PUBLIC_REPORTS=true; off by default). Such alarms are stored and shown as unverified.
   */
  sosPublicReports: boolean;
  /**
   * SOS alarms: the panel repeats the alarm sound every `soundRepeatSeconds` while one is
   * unacknowledged (SOS_SOUND_REPEAT_SECONDS, 30; 0: once), and an alarm nobody acknowledged within
   * `escalateMinutes` (SOS_ESCALATE_MINUTES, 5; 0: never) is escalated once to the staff of
   * `escalationRole` (SOS_ESCALATION_ROLE, the shift leads: Super Admin by default).
   */
  sos: { soundRepeatSeconds: number; escalateMinutes: number; escalationRole: string };
  /** A driver's document decisions within this many seconds go out as one SMS (REVIEW_SMS_WINDOW_SECONDS, 60). */
  reviewSmsWindowSeconds: number;
  /**
   * How long a bulk action can be undone (BULK_UNDO_SECONDS, 10): its texts are held that long,
   * and the panel offers Undo for what is left of it.
   */
  bulkUndoSeconds: number;
}

export interface AuthLimits {
  /** Wrong app sign-in codes per phone within an hour; the last one locks that phone's sign-in (AUTH_CODE_FAILURES_PER_PHONE, 10). */
  codeFailuresPerPhone: number;
  /** How long that lock lasts (ms): an hour. */
  phoneLockMs: number;
  /** Sign-in codes texted per phone per hour (AUTH_SMS_PER_PHONE_HOUR, 5) and per day (AUTH_SMS_PER_PHONE_DAY, 10). */
  smsPerPhoneHour: number;
  smsPerPhoneDay: number;
  /** Wrong passwords per staff account, from any address, within an hour before it refuses sign-ins until the hour ends (AUTH_ACCOUNT_FAILURES_PER_HOUR, 100). */
  accountFailuresPerHour: number;
}

export class ConfigError extends Error {}

function intFrom(env: NodeJS.ProcessEnv, key: string, fallback: number, problems: string[]): number {
  const raw = env[key];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) {
    problems.push(`${key} must be a non-negative integer (got "${raw}")`);
    return fallback;
  }
  return n;
}

/** Reads and validates the environment. Throws ConfigError listing every problem. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const problems: string[] = [];
  const nodeEnv = env.NODE_ENV === 'production' ? 'production' : env.NODE_ENV === 'test' ? 'test' : 'development';
  const port = intFrom(env, 'PORT', 8080, problems);
  if (port > 65535) problems.push(`PORT must be at most 65535 (got ${port})`);
  const dataDir = path.resolve(env.DATA_DIR || './data');
  const jwtSecret = env.JWT_SECRET || DEFAULT_JWT_SECRET;
  if (env.JWT_SECRET && env.JWT_SECRET.length < 32) problems.push('JWT_SECRET must be at least 32 characters long');
  if (env.DATABASE_URL && !/^postgres(ql)?:\/\//.test(env.DATABASE_URL)) {
    problems.push('DATABASE_URL must start with postgres:// or postgresql://');
  }
  if (env.REDIS_URL && !/^rediss?:\/\//.test(env.REDIS_URL))
    problems.push('REDIS_URL must start with redis:// or rediss://');
  if (env.LIVE_STORE && !['memory', 'redis'].includes(env.LIVE_STORE))
    problems.push('LIVE_STORE must be memory or redis');
  if (env.LIVE_STORE === 'redis' && !env.REDIS_URL) problems.push('LIVE_STORE=redis needs REDIS_URL');
  if (env.SMTP_URL && !/^smtps?:\/\//.test(env.SMTP_URL)) problems.push('SMTP_URL must start with smtp:// or smtps://');
  if (nodeEnv === 'production') {
    if (jwtSecret === DEFAULT_JWT_SECRET)
      problems.push('JWT_SECRET must be set in production (the default secret is public)');
    if (!env.SMTP_URL)
      problems.push('SMTP_URL must be set in production (the development mail outbox is never enabled there)');
  }
  const tokenTtl = intFrom(env, 'TOKEN_TTL_SECONDS', 12 * 3600, problems);
  const rateLimits = {
    loginPerIp: intFrom(env, 'RATE_LIMIT_LOGIN_PER_IP', 20, problems),
    perEmail: intFrom(env, 'RATE_LIMIT_PER_EMAIL', 5, problems),
    windowMs: 60_000,
    global: intFrom(env, 'RATE_LIMIT_GLOBAL', 1200, problems),
    // App sign-ins per IP: higher than staff logins, as phones behind a carrier's NAT share an address.
    appsPerIp: intFrom(env, 'RATE_LIMIT_APPS_PER_IP', 600, problems),
  };
  // With the development outbox no code leaves the machine, so there is no number to flood, while
  // each `npm start` signs the simulator's drivers in again: the send caps default higher there.
  const outboxOnly = !env.SMTP_URL;
  const authLimits: AuthLimits = {
    codeFailuresPerPhone: Math.max(1, intFrom(env, 'AUTH_CODE_FAILURES_PER_PHONE', 10, problems)),
    phoneLockMs: 60 * 60_000,
    smsPerPhoneHour: Math.max(1, intFrom(env, 'AUTH_SMS_PER_PHONE_HOUR', outboxOnly ? 60 : 5, problems)),
    smsPerPhoneDay: Math.max(1, intFrom(env, 'AUTH_SMS_PER_PHONE_DAY', outboxOnly ? 500 : 10, problems)),
    accountFailuresPerHour: Math.max(1, intFrom(env, 'AUTH_ACCOUNT_FAILURES_PER_HOUR', 100, problems)),
  };
  const offersAdoptMinutes = intFrom(env, 'OFFERS_ADOPT_MINUTES', 15, problems);
  const scheduledLeadMinutes = intFrom(env, 'SCHEDULED_LEAD_MINUTES', DEFAULT_SCHEDULE_LEAD_MINUTES, problems);
  const scheduledTickSeconds = intFrom(env, 'SCHEDULED_TICK_SECONDS', 5, problems);
  const scheduledStartGraceMinutes = intFrom(
    env,
    'SCHEDULED_START_GRACE_MINUTES',
    DEFAULT_START_GRACE_MINUTES,
    problems,
  );
  const scheduledPerPassenger = Math.max(1, intFrom(env, 'SCHEDULED_PER_PASSENGER', 3, problems));
  const sos = {
    soundRepeatSeconds: intFrom(env, 'SOS_SOUND_REPEAT_SECONDS', 30, problems),
    escalateMinutes: intFrom(env, 'SOS_ESCALATE_MINUTES', 5, problems),
    escalationRole: env.SOS_ESCALATION_ROLE?.trim() || 'Super Admin',
  };
  const reviewSmsWindowSeconds = intFrom(env, 'REVIEW_SMS_WINDOW_SECONDS', 60, problems);
  const bulkUndoSeconds = intFrom(env, 'BULK_UNDO_SECONDS', UNDO_SECONDS, problems);
  if (bulkUndoSeconds < 1 || bulkUndoSeconds > 300)
    problems.push(`BULK_UNDO_SECONDS must be between 1 and 300 (got ${bulkUndoSeconds})`);
  // log2 of scrypt's N. Lower costs are for test servers only: production refuses them.
  const hashCost = intFrom(env, 'PASSWORD_HASH_COST', 17, problems);
  if (hashCost < 10 || hashCost > 20) problems.push(`PASSWORD_HASH_COST must be between 10 and 20 (got ${hashCost})`);
  else if (nodeEnv === 'production' && hashCost < 17)
    problems.push(`PASSWORD_HASH_COST must be at least 17 in production (got ${hashCost})`);
  if (problems.length) throw new ConfigError(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
  return {
    env: nodeEnv,
    port,
    host: env.HOST || '0.0.0.0',
    dataDir,
    filesDir: path.join(dataDir, 'files'),
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    jwtSecret,
    tokenTtl,
    smtpUrl: env.SMTP_URL || undefined,
    smsWebhookUrl: env.SMS_WEBHOOK_URL || undefined,
    corsOrigins: (env.CORS_ORIGINS ?? 'http://localhost:5173')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    mailFrom: env.MAIL_FROM || 'Ride Admin <no-reply@ride-admin.local>',
    company: {
      name: env.COMPANY_NAME || 'Ride Admin Mobility Ltd',
      address: env.COMPANY_ADDRESS || 'Westlands Business Park, Waiyaki Way, P.O. Box 12345-00100, Nairobi, Kenya',
      registration: env.COMPANY_REGISTRATION || 'Company registration no. PVT-2026-RA0001 · KRA PIN P051234567X',
    },
    seedDemo: env.SEED_DEMO !== 'false',
    logLevel: env.LOG_LEVEL || (nodeEnv === 'production' ? 'info' : 'info'),
    staticDir: path.resolve(env.STATIC_DIR || './dist'),
    rateLimits,
    authLimits,
    rateLimitNamespace: 'ride-admin-rl:',
    scryptN: 2 ** hashCost,
    liveStore: env.LIVE_STORE === 'memory' || !env.REDIS_URL ? 'memory' : 'redis',
    liveKeyPrefix: 'ride-admin-live:',
    redisChannelPrefix: '',
    offersAdoptMinutes,
    scheduledLeadMinutes,
    scheduledTickSeconds,
    scheduledStartGraceMinutes,
    scheduledPerPassenger,
    sosPublicReports: env.SOS_PUBLIC_REPORTS === 'true',
    closeSimulatedSos: true,
    sos,
    reviewSmsWindowSeconds,
    bulkUndoSeconds,
  };
}

/** A configuration for tests: in-memory database, quiet logs, outbox mail. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({ NODE_ENV: 'test' }),
    dataDir: undefined,
    filesDir: path.resolve('node_modules/.tmp/test-files'),
    logLevel: 'silent',
    staticDir: undefined,
    seedDemo: true,
    // Hashing cost is not what the suites test (tests/server/staffLoginLimits.test.ts and auth.test.ts set
    // their own where it is): at the default 2^17 each of the suites' ~1,000 sign-ins took 0.4-0.7 s of a core.
    scryptN: 2 ** 12,
    offersAdoptMinutes: 0,
    // The suites that raise alarms without an app token stand for older app builds; the default
    // (off) is tested in tests/server/sosReportToken.test.ts.
    sosPublicReports: true,
    closeSimulatedSos: false,
    rateLimitNamespace: `ride-test-rl:${process.pid}:${Date.now()}:${Math.random().toString(36).slice(2)}:`,
    liveKeyPrefix: `ride-test-live:${process.pid}:${Date.now()}:${Math.random().toString(36).slice(2)}:`,
    redisChannelPrefix: `ride-test-ch:${process.pid}:${Date.now()}:${Math.random().toString(36).slice(2)}:`,
    ...overrides,
    liveStore: overrides.liveStore ?? (overrides.redisUrl ? 'redis' : 'memory'),
  };
}
