import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { buildApp, type BuildOptions } from '../../server/app.js';
import { testConfig, type Config } from '../../server/config.js';
import { createDb, type DbHandle } from '../../server/db/index.js';
import { DEMO_ACCOUNTS, SEED_STAFF_PASSWORD } from '../../server/db/seed/demoAccounts.js';

export const ADMIN = DEMO_ACCOUNTS[0];
export const DISPATCHER = DEMO_ACCOUNTS[1];

let counter = 0;

/** A fresh copy of the seeded database: PGlite on a copy of the unpacked dump, or a PostgreSQL clone of the template. */
export async function seededDb(): Promise<DbHandle & { url?: string }> {
  if (process.env.DATABASE_URL) {
    const template = inject('seededTemplate');
    const name = `ride_test_${process.pid}_${Date.now()}_${counter++}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${name} template ${template}`);
    await admin.end();
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${name}`;
    const handle = await createDb({ databaseUrl: url.toString(), poolSize: 5 });
    return { ...handle, url: url.toString() };
  }
  const dir = fs.mkdtempSync(path.join(inject('scratchDir'), 'db-'));
  fs.cpSync(inject('seededDataDir'), dir, { recursive: true });
  const handle = await createDb({ dataDir: dir });
  return {
    ...handle,
    async close() {
      await handle.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  db: DbHandle['db'];
  /** Signs in and returns the access token. */
  login(email?: string, password?: string): Promise<string>;
  /** inject() with an optional bearer token. */
  call(
    method: InjectOptions['method'],
    url: string,
    opts?: { token?: string; body?: unknown; query?: Record<string, string>; headers?: Record<string, string> },
  ): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/** Builds the real app on a private copy of the seeded database; `extend` may register more routes first. */
export async function startApp(
  overrides: Partial<Config> = {},
  extend?: (app: FastifyInstance) => Promise<void>,
  options: Omit<BuildOptions, 'db'> = {},
): Promise<TestApp> {
  const handle = await seededDb();
  const config = testConfig({ redisUrl: process.env.REDIS_URL, ...overrides });
  const app = await buildApp(config, { ...options, db: handle });
  if (extend) await extend(app);
  await app.ready();
  const call: TestApp['call'] = (method, url, opts = {}) =>
    app.inject({
      method,
      url,
      query: opts.query,
      payload: opts.body === undefined ? undefined : (opts.body as InjectOptions['payload']),
      headers: { ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}), ...opts.headers },
    });
  return {
    app,
    config,
    db: handle.db,
    call,
    async login(email = ADMIN.email, password = ADMIN.password) {
      const res = await call('POST', '/api/user/auth/login', { body: { email, password } });
      if (res.statusCode !== 200) throw new Error(`login ${email} failed: ${res.statusCode} ${res.body}`);
      return res.json().data.accessToken as string;
    },
    async close() {
      await app.close();
      await handle.close();
    },
  };
}

/** Encodes a simple-rest list query. */
export function listQuery(q: {
  sort?: [string, string];
  range?: [number, number];
  filter?: object;
}): Record<string, string> {
  const out: Record<string, string> = {};
  if (q.sort) out.sort = JSON.stringify(q.sort);
  if (q.range) out.range = JSON.stringify(q.range);
  if (q.filter) out.filter = JSON.stringify(q.filter);
  return out;
}

/**
 * Signs in as the first active seeded staff member of a role (every seeded staff has
 * SEED_STAFF_PASSWORD; the demo accounts are left out): their token and who they are.
 */
export async function loginAs(t: TestApp, roleName: string) {
  const staff = await t.db
    .selectFrom('staffs')
    .innerJoin('roles', 'roles.id', 'staffs.roleId')
    .select(['staffs.id', 'staffs.email', 'staffs.firstName', 'staffs.lastName'])
    .where('roles.name', '=', roleName)
    .where('staffs.status', '=', 'active')
    .where(
      'staffs.email',
      'not in',
      DEMO_ACCOUNTS.map((a) => a.email),
    )
    .orderBy('staffs.id')
    .executeTakeFirstOrThrow();
  return { token: await t.login(staff.email, SEED_STAFF_PASSWORD), staff };
}

/** The token of `loginAs`. */
export async function loginRole(t: TestApp, roleName: string): Promise<string> {
  return (await loginAs(t, roleName)).token;
}
