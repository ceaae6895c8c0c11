import { execSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { ADMIN, DISPATCHER, seededDb } from './harness.js';
import { httpCaller } from './support/httpCall.js';
import { listFiles, scratchCopy } from './support/scratchCopy.js';

/**
 * The promise, run as written: in a scratch copy of the project, the generator command
 * alone gives a new resource its API (validation, OpenAPI), its permissions (granted to the Super
 * Admin on the seeded, existing database at start), its audit rows and its CSV export.
 * The copy lives in the system's temporary folder and is removed afterwards.
 */
const COMMAND =
  'npm run new:resource -- promotions title:text:required startsAt:datetime active:boolean percent:number';

let copy: ReturnType<typeof scratchCopy>;
let before: string[];
let after: string[];
let server: ChildProcess;
let base: string;

const BOOT = `
import fs from 'node:fs';
import { buildApp } from './server/app.js';
import { testConfig } from './server/config.js';
import { createDb } from './server/db/index.js';
const handle = process.env.SCRATCH_DATABASE_URL
  ? await createDb({ databaseUrl: process.env.SCRATCH_DATABASE_URL, poolSize: 3 })
  : await createDb({ loadDataDir: new Blob([fs.readFileSync(process.env.SCRATCH_TEMPLATE!)]) });
const app = await buildApp(testConfig({ seedDemo: false }), { db: handle });
await app.listen({ port: 0, host: '127.0.0.1' });
console.log('LISTENING ' + (app.server.address() as { port: number }).port);
`;

async function boot(dir: string): Promise<string> {
  fs.writeFileSync(path.join(dir, 'scratch-boot.ts'), BOOT);
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'test' };
  if (process.env.DATABASE_URL) {
    const db = await seededDb();
    env.SCRATCH_DATABASE_URL = db.url;
    await db.close();
  } else env.SCRATCH_TEMPLATE = inject('seededTemplate');
  server = spawn(path.join(dir, 'node_modules/.bin/tsx'), ['scratch-boot.ts'], { cwd: dir, env });
  return new Promise((resolve, reject) => {
    let out = '';
    server.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const port = /LISTENING (\d+)/.exec(out)?.[1];
      if (port) resolve(`http://127.0.0.1:${port}`);
    });
    server.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    server.on('exit', (code) => reject(new Error(`the scratch server exited (${code}): ${out}`)));
  });
}

const call = httpCaller(() => base);

async function login(email: string, password: string): Promise<string> {
  const res = await call('POST', '/api/user/auth/login', undefined, { email, password });
  return (res.json() as unknown as { data: { accessToken: string } }).data.accessToken;
}

beforeAll(async () => {
  copy = scratchCopy();
  before = listFiles(copy.dir);
  execSync(COMMAND, { cwd: copy.dir, stdio: 'pipe' });
  after = listFiles(copy.dir);
  base = await boot(copy.dir);
}, 180_000);

afterAll(() => {
  server?.kill();
  copy?.remove();
});

describe(COMMAND, () => {
  it('writes the declaration and the migration, and nothing else but the two indexes it owns', () => {
    expect(after.filter((file) => !before.includes(file)).sort()).toEqual([
      expect.stringMatching(/^server\/db\/migrations\/declared\/\d{3}_promotions\.ts$/),
      'src/domain/resources/declared/promotions.ts',
    ]);
    const changed = before.filter(
      (file) => fs.readFileSync(path.join(copy.dir, file), 'utf8') !== fs.readFileSync(file, 'utf8'),
    );
    expect(changed.sort()).toEqual([
      'server/db/migrations/declared/index.ts',
      'src/domain/resources/declared/index.ts',
    ]);
  });

  it('serves the resource to the Super Admin: create with 400s naming the fields, read, list, update, delete', async () => {
    const admin = await login(ADMIN.email, ADMIN.password);
    const bad = await call('POST', '/api/trip/promotions', admin, { percent: 'lots', startsAt: 'soon' });
    expect(bad.status).toBe(400);
    expect(bad.json().errors).toEqual({
      title: 'Title is required',
      percent: 'Percent must be a number',
      startsAt: 'Starts at must be a date and time',
    });
    expect((await call('GET', '/api/trip/promotions', admin)).json()).toEqual([]);

    const created = await call('POST', '/api/trip/promotions', admin, {
      title: 'Rainy season',
      startsAt: '2027-03-01T06:00:00.000Z',
      active: true,
      percent: 15,
    });
    expect(created.status).toBe(201);
    const id = created.json().id as number;
    expect(created.json()).toMatchObject({ title: 'Rainy season', active: true, percent: 15 });
    const updated = await call('PUT', `/api/trip/promotions/${id}`, admin, { percent: 20 });
    expect(updated.status).toBe(200);
    expect((await call('GET', `/api/trip/promotions/${id}`, admin)).json()).toMatchObject({ percent: 20 });
    const blank = await call('PUT', `/api/trip/promotions/${id}`, admin, { title: '' });
    expect(blank.status).toBe(400);
    expect(blank.json().errors).toEqual({ title: 'Title is required' });
    const found = await call('GET', `/api/trip/promotions?filter=${encodeURIComponent('{"q":"rainy"}')}`, admin);
    expect(found.json()).toHaveLength(1);

    const audit = await call(
      'GET',
      `/api/user/audit-logs?filter=${encodeURIComponent(JSON.stringify({ resource: 'promotions', recordId: String(id) }))}`,
      admin,
    );
    expect((audit.json() as unknown as { action: string }[]).map((row) => row.action).sort()).toEqual([
      'create',
      'update',
    ]);

    const csv = await call('GET', '/api/trip/promotions/export?format=csv', admin);
    expect(csv.status).toBe(200);
    const [header, row] = csv.text.replace(/^\uFEFF/, '').split('\r\n');
    expect(header).toBe(
      'ID,Title,Starts at (Nairobi time),Active,Percent,Created at (Nairobi time),Updated at (Nairobi time)',
    );
    expect(row).toMatch(new RegExp(`^${id},Rainy season,2027-03-01 09:00,true,20,`));

    expect((await call('DELETE', `/api/trip/promotions/${id}`, admin)).status).toBe(200);
    expect((await call('GET', `/api/trip/promotions/${id}`, admin)).status).toBe(404);
  });

  it('adds its permissions at start, held by the Super Admin and not by a role without them', async () => {
    const admin = await login(ADMIN.email, ADMIN.password);
    const permissions = await call(
      'GET',
      `/api/user/permissions?filter=${encodeURIComponent('{"subject":"Promotion"}')}`,
      admin,
    );
    expect((permissions.json() as unknown as { name: string }[]).map((p) => p.name).sort()).toEqual([
      'create-Promotion',
      'delete-Promotion',
      'update-Promotion',
      'view-Promotion',
    ]);
    const dispatcher = await login(DISPATCHER.email, DISPATCHER.password);
    const refused = await call('GET', '/api/trip/promotions', dispatcher);
    expect(refused.status).toBe(403);
    expect(refused.text).toContain('view-Promotion');
    expect((await call('POST', '/api/trip/promotions', dispatcher, { title: 'No' })).status).toBe(403);
  });

  it('documents it in the OpenAPI description', async () => {
    const docs = (await call('GET', '/api/docs/json')).json() as unknown as { paths: Record<string, unknown> };
    expect(Object.keys(docs.paths)).toEqual(
      expect.arrayContaining(['/api/trip/promotions', '/api/trip/promotions/{id}', '/api/trip/promotions/export']),
    );
  });
});
