import { execSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { ADMIN, DISPATCHER, seededDb } from './harness.js';
import { httpCaller } from './support/httpCall.js';
import { listFiles, scratchCopy } from './support/scratchCopy.js';
import { RETIRE_ACTION, RETIRE_HANDLER } from './support/retireVehicle.js';

/**
 * Issues 29 and 42, run as written: in a scratch copy of the project, the generator command alone
 * gives a new resource its table (checks, unique indexes, foreign keys, defaults), its API with the
 * declared field rules (400 naming the field, 409 on a duplicate, nothing written), OpenAPI with the
 * rules, its permissions (granted to the Super Admin on the seeded, existing database at start), its
 * audit rows and its CSV export. Every field type and every rule is in the command. The copy lives in
 * the system's temporary folder and is removed afterwards.
 */
const COMMAND = [
  'npm run new:resource -- vehicles',
  'plate:text:required:unique=ci:maxLength=12',
  'make:text',
  'model:text',
  'year:integer:min=1990:max=2030:plain',
  "'colour:enum(white|black|silver|grey|blue|red)'",
  "'vehicleTypeId:ref(vehicle-types):required'",
  "'driverId:ref(drivers)'",
  'insuranceExpiresOn:date',
  'active:boolean:default=true',
  'seats:integer:min=1:max=60:default=4',
  'engineLitres:number:min=0.5',
  'purchasePrice:money',
  'lastServicedAt:datetime',
  "'vin:text:unique:pattern=^[A-HJ-NPR-Z0-9]{17}$'",
].join(' ');

/** A car as the fleet enters one, every field but driverId and vin. */
const CAR = {
  plate: 'KDA 101A',
  make: 'Toyota',
  model: 'Probox',
  year: 2018,
  colour: 'white',
  vehicleTypeId: 1,
  insuranceExpiresOn: '2027-03-31',
  engineLitres: 1.5,
  purchasePrice: 1_250_000,
  lastServicedAt: '2026-11-24T11:05:00.000Z',
};
const VIN = 'JTDBT923771234567';

let copy: ReturnType<typeof scratchCopy>;
let vehicleId: number;
let before: string[];
let after: string[];
let server: ChildProcess;
let base: string;

/**
 * The copy's server, as a restart finds it: PostgreSQL (a clone of the seeded template) or PGlite in
 * the copy's ./data (the seeded dump on the first start, the same directory after). SIGTERM closes
 * the database, so that its data is there at the next start.
 */
const BOOT = `
import fs from 'node:fs';
import { buildApp } from './server/app.js';
import { testConfig } from './server/config.js';
import { createDb } from './server/db/index.js';
const handle = process.env.SCRATCH_DATABASE_URL
  ? await createDb({ databaseUrl: process.env.SCRATCH_DATABASE_URL, poolSize: 3 })
  : fs.existsSync('data/PG_VERSION')
    ? await createDb({ dataDir: 'data' })
    : await createDb({ dataDir: 'data', loadDataDir: new Blob([fs.readFileSync(process.env.SCRATCH_TEMPLATE!)]) });
const app = await buildApp(testConfig({ seedDemo: false }), { db: handle });
await app.listen({ port: 0, host: '127.0.0.1' });
process.on('SIGTERM', async () => {
  await app.close();
  await handle.close();
  process.exit(0);
});
console.log('LISTENING ' + (app.server.address() as { port: number }).port);
`;

/** The scratch PostgreSQL database (under test:pg), kept for the restart and for migration:new. */
let scratchDatabaseUrl: string | undefined;

async function boot(dir: string): Promise<string> {
  fs.writeFileSync(path.join(dir, 'scratch-boot.ts'), BOOT);
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'test' };
  if (process.env.DATABASE_URL) {
    if (!scratchDatabaseUrl) {
      const db = await seededDb();
      scratchDatabaseUrl = db.url;
      await db.close();
    }
    env.SCRATCH_DATABASE_URL = scratchDatabaseUrl;
  } else env.SCRATCH_TEMPLATE = inject('seededTemplate');
  server = spawn(path.join(dir, 'node_modules/.bin/tsx'), ['scratch-boot.ts'], { cwd: dir, env });
  const started = server;
  return new Promise((resolve, reject) => {
    let out = '';
    started.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const port = /LISTENING (\d+)/.exec(out)?.[1];
      if (port) resolve(`http://127.0.0.1:${port}`);
    });
    started.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    started.on('exit', (code) => reject(new Error(`the scratch server exited (${code}): ${out}`)));
  });
}

/** Stops the copy's server and waits for it to have closed its database. */
async function stop(): Promise<void> {
  const running = server;
  if (running.exitCode !== null) return;
  const exited = new Promise((resolve) => running.once('exit', resolve));
  running.kill('SIGTERM');
  await exited;
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
});

afterAll(() => {
  server?.kill();
  copy?.remove();
});

describe('npm run new:resource -- vehicles, with every field type and every rule', () => {
  it('writes the declaration, the migration and the handlers file, and nothing else but the three indexes it owns', () => {
    expect(after.filter((file) => !before.includes(file)).sort()).toEqual([
      expect.stringMatching(/^server\/db\/migrations\/declared\/\d{3}_vehicles\.ts$/),
      'server/declared/vehicles.ts',
      'src/domain/resources/declared/vehicles.ts',
    ]);
    const changed = before.filter(
      (file) => fs.readFileSync(path.join(copy.dir, file), 'utf8') !== fs.readFileSync(file, 'utf8'),
    );
    expect(changed.sort()).toEqual([
      'server/db/migrations/declared/index.ts',
      'server/declared/index.ts',
      'src/domain/resources/declared/index.ts',
    ]);
  });

  it('creates with the defaults, refuses each broken rule with a 400 naming the field and writes nothing', async () => {
    const admin = await login(ADMIN.email, ADMIN.password);
    const created = await call('POST', '/api/trip/vehicles', admin, { ...CAR, vin: VIN });
    expect(created.status).toBe(201);
    vehicleId = created.json().id as number;
    expect(created.json()).toMatchObject({ ...CAR, vin: VIN, active: true, seats: 4, driverId: null });

    const refused = async (body: Record<string, unknown>) => {
      const res = await call('POST', '/api/trip/vehicles', admin, { ...CAR, plate: 'KDB 202B', ...body });
      return { status: res.status, errors: res.json().errors as Record<string, string> };
    };
    expect(await refused({ plate: undefined })).toEqual({ status: 400, errors: { plate: 'Plate is required' } });
    expect(await refused({ plate: 'KDB 202B 12345' })).toEqual({
      status: 400,
      errors: { plate: 'Plate must be at most 12 characters' },
    });
    expect(await refused({ year: 2018.5 })).toEqual({ status: 400, errors: { year: 'Year must be a whole number' } });
    expect(await refused({ year: 99999 })).toEqual({ status: 400, errors: { year: 'Year must be at most 2030' } });
    expect(await refused({ year: 1980 })).toEqual({ status: 400, errors: { year: 'Year must be at least 1990' } });
    expect(await refused({ year: 'new' })).toEqual({ status: 400, errors: { year: 'Year must be a number' } });
    expect(await refused({ colour: 'pink' })).toEqual({
      status: 400,
      errors: { colour: 'Colour must be one of: white, black, silver, grey, blue, red' },
    });
    expect(await refused({ vehicleTypeId: undefined })).toEqual({
      status: 400,
      errors: { vehicleTypeId: 'Vehicle type is required' },
    });
    expect(await refused({ vehicleTypeId: 'x' })).toEqual({
      status: 400,
      errors: { vehicleTypeId: 'Choose a Vehicle type' },
    });
    const unknownType = await refused({ vehicleTypeId: 999_999 });
    expect(unknownType.status).toBe(400);
    expect(Object.keys(unknownType.errors)).toEqual(['vehicleTypeId']);
    expect(await refused({ active: 'maybe' })).toEqual({
      status: 400,
      errors: { active: 'Active must be true or false' },
    });
    expect(await refused({ seats: 0 })).toEqual({ status: 400, errors: { seats: 'Seats must be at least 1' } });
    expect(await refused({ engineLitres: 0.2 })).toEqual({
      status: 400,
      errors: { engineLitres: 'Engine litres must be at least 0.5' },
    });
    expect(await refused({ purchasePrice: -1 })).toEqual({
      status: 400,
      errors: { purchasePrice: 'Purchase price cannot be negative' },
    });
    expect(await refused({ purchasePrice: 10.001 })).toEqual({
      status: 400,
      errors: { purchasePrice: 'Purchase price may have at most 2 decimals' },
    });
    expect(await refused({ insuranceExpiresOn: '2027-02-30' })).toEqual({
      status: 400,
      errors: { insuranceExpiresOn: 'Insurance expires on: use a date such as 2027-12-31' },
    });
    expect(await refused({ lastServicedAt: 'soon' })).toEqual({
      status: 400,
      errors: { lastServicedAt: 'Last serviced at must be a date and time' },
    });
    expect(await refused({ vin: 'not-a-vin' })).toEqual({
      status: 400,
      errors: { vin: 'Vin is not in the expected form' },
    });

    const duplicate = await call('POST', '/api/trip/vehicles', admin, { ...CAR, plate: CAR.plate.toLowerCase() });
    expect(duplicate.status).toBe(409);
    expect(Object.keys(duplicate.json().errors as object)).toEqual(['plate']);
    const sameVin = await call('POST', '/api/trip/vehicles', admin, { ...CAR, plate: 'KDB 202B', vin: VIN });
    expect(sameVin.status).toBe(409);
    expect(Object.keys(sameVin.json().errors as object)).toEqual(['vin']);
    const blank = await call('PUT', `/api/trip/vehicles/${vehicleId}`, admin, { plate: '' });
    expect(blank.status).toBe(400);
    expect(blank.json().errors).toEqual({ plate: 'Plate is required' });

    const all = (await call('GET', '/api/trip/vehicles', admin)).json() as unknown as { id: number }[];
    expect(all.map((row) => row.id)).toEqual([vehicleId]);
  });

  it('reads, updates, searches, audits, exports and deletes', async () => {
    const admin = await login(ADMIN.email, ADMIN.password);
    const updated = await call('PUT', `/api/trip/vehicles/${vehicleId}`, admin, { year: 2019 });
    expect(updated.status).toBe(200);
    expect((await call('GET', `/api/trip/vehicles/${vehicleId}`, admin)).json()).toMatchObject({ year: 2019 });
    const found = await call('GET', `/api/trip/vehicles?filter=${encodeURIComponent('{"q":"kda"}')}`, admin);
    expect(found.json()).toHaveLength(1);

    const audit = await call(
      'GET',
      `/api/user/audit-logs?filter=${encodeURIComponent(JSON.stringify({ resource: 'vehicles', recordId: String(vehicleId) }))}`,
      admin,
    );
    const rows = audit.json() as unknown as { action: string; after: Record<string, unknown> }[];
    expect(rows.map((row) => row.action).sort()).toEqual(['create', 'update']);
    expect(rows.find((row) => row.action === 'create')!.after).toMatchObject({ plate: CAR.plate, year: 2018 });
    // The audit log names the record by its label (the panel shows "Vehicle KDA 101A").
    expect(rows.map((row) => (row as { recordLabel?: string }).recordLabel)).toEqual([CAR.plate, CAR.plate]);
    // A reference reads by its record's label beside its id, in the record and the list.
    const typeName = (await call('GET', '/api/trip/vehicle-types/1', admin)).json().name as string;
    const one = (await call('GET', `/api/trip/vehicles/${vehicleId}`, admin)).json();
    expect(one).toMatchObject({ vehicleTypeId: 1, vehicleType: typeName, driverId: null, driver: null });

    const csv = await call('GET', '/api/trip/vehicles/export?format=csv&codes=raw', admin);
    expect(csv.status).toBe(200);
    const [header, row] = csv.text.replace(/^\uFEFF/, '').split('\r\n');
    expect(header).toBe(
      'ID,Plate,Make,Model,Year,Colour,Vehicle type ID,Vehicle type,Driver ID,Driver,Insurance expires on,Active,Seats,Engine litres,' +
        'Purchase price (KES),Last serviced at (Nairobi time),Vin,Created at (Nairobi time),Updated at (Nairobi time)',
    );
    expect(row).toMatch(
      new RegExp(
        `^${vehicleId},KDA 101A,Toyota,Probox,2019,white,1,${typeName},,,2027-03-31,true,4,1.5,1250000.00,2026-11-24 14:05,${VIN},`,
      ),
    );

    expect((await call('DELETE', `/api/trip/vehicles/${vehicleId}`, admin)).status).toBe(200);
    expect((await call('GET', `/api/trip/vehicles/${vehicleId}`, admin)).status).toBe(404);
  });

  it('adds its permissions at start, held by the Super Admin and not by a role without them', async () => {
    const admin = await login(ADMIN.email, ADMIN.password);
    const permissions = await call(
      'GET',
      `/api/user/permissions?filter=${encodeURIComponent('{"subject":"Vehicle"}')}`,
      admin,
    );
    expect((permissions.json() as unknown as { name: string }[]).map((p) => p.name).sort()).toEqual([
      'create-Vehicle',
      'delete-Vehicle',
      'update-Vehicle',
      'view-Vehicle',
    ]);
    const dispatcher = await login(DISPATCHER.email, DISPATCHER.password);
    const refused = await call('GET', '/api/trip/vehicles', dispatcher);
    expect(refused.status).toBe(403);
    expect(refused.text).toContain('view-Vehicle');
    expect((await call('POST', '/api/trip/vehicles', dispatcher, CAR)).status).toBe(403);
  });

  it('documents it in the OpenAPI description, with its rules', async () => {
    const docs = (await call('GET', '/api/docs/json')).json() as unknown as {
      paths: Record<string, { post?: { requestBody: { content: Record<string, { schema: unknown }> } } }>;
    };
    expect(Object.keys(docs.paths)).toEqual(
      expect.arrayContaining(['/api/trip/vehicles', '/api/trip/vehicles/{id}', '/api/trip/vehicles/export']),
    );
    const body = docs.paths['/api/trip/vehicles']!.post!.requestBody.content['application/json']!.schema as {
      properties: Record<string, Record<string, unknown>>;
      required: string[];
    };
    expect(body.required.sort()).toEqual(['plate', 'vehicleTypeId']);
    expect(body.properties.year).toMatchObject({ type: 'integer', minimum: 1990, maximum: 2030 });
    expect(body.properties.plate).toMatchObject({ type: 'string', maxLength: 12 });
    expect(body.properties.vin).toMatchObject({ pattern: '^[A-HJ-NPR-Z0-9]{17}$' });
    expect(body.properties.active).toMatchObject({ type: 'boolean', default: true });
    expect(body.properties.colour).toMatchObject({ enum: ['white', 'black', 'silver', 'grey', 'blue', 'red'] });
  });
});

describe('editing the declaration: npm run migration:new, a restart, the new rules served and enforced', () => {
  it('adds mileage (integer, at least 0) and makes model required, keeping the rows', async () => {
    const admin = await login(ADMIN.email, ADMIN.password);
    const kept = await call('POST', '/api/trip/vehicles', admin, { ...CAR, plate: 'KDC 303C' });
    expect(kept.status).toBe(201);
    await stop();

    const file = path.join(copy.dir, 'src/domain/resources/declared/vehicles.ts');
    const declaration = fs.readFileSync(file, 'utf8');
    const edited = declaration
      .replace(
        "model: { type: 'text', sort: true, nullable: true },",
        "model: { type: 'text', sort: true, required: true },\n    mileage: { type: 'int', sort: true, filter: true, nullable: true, min: 0 },",
      )
      .replace("model: 'Model',", "model: 'Model',\n      mileage: 'Mileage',")
      .replace('  labels: {', RETIRE_ACTION + '  labels: {');
    expect(edited).toContain('mileage:');
    expect(edited).toContain('retire:');
    fs.writeFileSync(file, edited);
    // The action's server code, in the handlers file the generator wrote (already in server/declared/index.ts).
    const handlers = path.join(copy.dir, 'server/declared/vehicles.ts');
    expect(fs.readFileSync(handlers, 'utf8')).toContain('defineDeclaredHandlers(vehicles, {})');
    fs.writeFileSync(handlers, RETIRE_HANDLER);

    const env: NodeJS.ProcessEnv = { ...process.env };
    if (scratchDatabaseUrl) env.DATABASE_URL = scratchDatabaseUrl;
    else delete env.DATABASE_URL;
    const out = execSync('npm run migration:new -- vehicles-mileage', { cwd: copy.dir, env, encoding: 'utf8' });
    expect(out).toContain('+ vehicles: alter column model: required');
    expect(out).toContain('+ vehicles: add column mileage integer');
    expect(out).toMatch(/wrote server\/db\/migrations\/declared\/\d{3}_vehicles_mileage\.ts/);

    base = await boot(copy.dir);
    const token = await login(ADMIN.email, ADMIN.password);
    const noModel = await call('POST', '/api/trip/vehicles', token, { ...CAR, plate: 'KDD 404D', model: undefined });
    expect(noModel.status).toBe(400);
    expect(noModel.json().errors).toEqual({ model: 'Model is required' });
    const negative = await call('POST', '/api/trip/vehicles', token, { ...CAR, plate: 'KDD 404D', mileage: -1 });
    expect(negative.status).toBe(400);
    expect(negative.json().errors).toEqual({ mileage: 'Mileage cannot be negative' });
    const created = await call('POST', '/api/trip/vehicles', token, { ...CAR, plate: 'KDD 404D', mileage: 120_000 });
    expect(created.status).toBe(201);
    expect(created.json()).toMatchObject({ mileage: 120_000, model: 'Probox' });
    const old = await call('GET', `/api/trip/vehicles/${kept.json().id as number}`, token);
    expect(old.json()).toMatchObject({ plate: 'KDC 303C', mileage: null });

    // The declared action: body rules, permission, audit, bulk.
    const id = kept.json().id as number;
    const noReason = await call('POST', `/api/trip/vehicles/${id}/retire`, token, {});
    expect(noReason.status).toBe(400);
    expect(noReason.json().errors).toEqual({ reason: 'Reason is required' });
    const dispatcher = await login(DISPATCHER.email, DISPATCHER.password);
    expect((await call('POST', `/api/trip/vehicles/${id}/retire`, dispatcher, { reason: 'Sold' })).status).toBe(403);
    const retired = await call('POST', `/api/trip/vehicles/${id}/retire`, token, { reason: 'Sold' });
    expect(retired.status).toBe(200);
    expect(retired.json()).toMatchObject({ message: 'KDC 303C retired' });
    expect((await call('GET', `/api/trip/vehicles/${id}`, token)).json()).toMatchObject({ active: false });
    const twice = await call('POST', `/api/trip/vehicles/${id}/retire`, token, { reason: 'Sold' });
    expect(twice.status).toBe(409);
    const audit = await call(
      'GET',
      `/api/user/audit-logs?filter=${encodeURIComponent(JSON.stringify({ resource: 'vehicles', recordId: String(id), action: 'retire' }))}`,
      token,
    );
    expect(audit.json()).toEqual([
      expect.objectContaining({ action: 'retire', after: expect.objectContaining({ active: false, reason: 'Sold' }) }),
    ]);
    const bulk = await call('POST', '/api/trip/vehicles/bulk/retire', token, {
      ids: [created.json().id as number],
      reason: 'Fleet renewal',
    });
    expect(bulk.status).toBe(200);
    expect(bulk.json()).toMatchObject({ data: { outcomes: [{ status: 'done' }] } });

    await stop(); // PGlite: one process at a time on ./data
    const again = execSync('npm run migration:new -- nothing-left', { cwd: copy.dir, env, encoding: 'utf8' });
    expect(again).toContain('no migration to write');
  });
});
