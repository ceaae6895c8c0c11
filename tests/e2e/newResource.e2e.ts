import { execFileSync, execSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, DISPATCHER, launch, menuEntries, signIn, snap } from './browser';
import { httpCaller } from '../server/support/httpCall';
import { freePort } from './ports';
import { RETIRE_ACTION, RETIRE_HANDLER } from '../server/support/retireVehicle';
import { seededDump, unpackSeeded } from '../../scripts/lib/seedCache';

/**
 * Issue 29's "Done when", run as written: on a fresh clone of the committed project, the generator
 * command, then `npm start` (which builds the clone's own panel and server), give the Super Admin a
 * Promotions menu entry with working list, create, edit and show screens, CRUD over the API with
 * 400s naming fields, a 403 for a role without the permission, audit rows and a CSV export, with
 * no other file touched. The clone lives in the system's temporary folder (its node_modules is a
 * link to this project's) and is removed afterwards, failed or not; this project's dist/ is never
 * written. Its server is not the suite's shared one: it has its own port and data directory.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const COMMAND =
  'npm run new:resource -- promotions title:text:required startsAt:datetime active:boolean percent:number';

/**
 * Issue 42's vehicles, generated in the same clone (one build for both): a plain year, a reference,
 * a day, and the "Retire vehicle" action a developer declares, with its handler.
 */
const VEHICLES =
  "npm run new:resource -- vehicles plate:text:required:unique=ci year:integer:min=1990:max=2030:plain 'vehicleTypeId:ref(vehicle-types):required' insuranceExpiresOn:date active:boolean:default=true";

/** Adds the declared action to the generated vehicles, as a developer edits the declaration and its handlers file. */
function declareRetire(dir: string) {
  const declaration = path.join(dir, 'src/domain/resources/declared/vehicles.ts');
  fs.writeFileSync(
    declaration,
    fs.readFileSync(declaration, 'utf8').replace('  labels: {', `${RETIRE_ACTION}  labels: {`),
  );
  fs.writeFileSync(path.join(dir, 'server/declared/vehicles.ts'), RETIRE_HANDLER);
}

let clone: string;
let server: ChildProcess | undefined;
let base: string;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let generated: string[];
let ownPanelBefore: number | undefined;
/** The promotions API calls the page made, as `METHOD path`. */
const calls: string[] = [];

const builtAt = (dir: string) => {
  const file = path.join(dir, 'dist/index.html');
  return fs.existsSync(file) ? fs.statSync(file).mtimeMs : undefined;
};

async function waitForReady(url: string, child: ChildProcess, log: string): Promise<void> {
  const deadline = Date.now() + 400_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`npm start exited (${child.exitCode}):\n${fs.readFileSync(log, 'utf8')}`);
    try {
      if ((await fetch(`${url}/api/ready`)).ok) return;
    } catch {
      /* still building, or not listening yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`npm start did not answer ${url}/api/ready in time:\n${fs.readFileSync(log, 'utf8')}`);
}

/** `npm start` in the clone, as a person runs it (no test settings), on a port and a data directory of its own. */
async function npmStart(): Promise<void> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of Object.keys(env)) if (name.startsWith('VITEST') || name.startsWith('VITE_')) delete env[name];
  delete env.NODE_ENV;
  fs.mkdirSync('test-results', { recursive: true });
  const log = path.resolve('test-results/new-resource-server.log');
  const out = fs.openSync(log, 'w');
  server = spawn('npm', ['start'], {
    cwd: clone,
    // Its own process group, so that the whole of it (npm, the start script, the server) is stopped at the end.
    detached: true,
    env: {
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(clone, 'data'),
      DATABASE_URL: '',
      REDIS_URL: '',
      // The demo city's simulated drivers would only compete for the runner's two cores with the browser.
      SIMULATOR_DRIVERS: '0',
    },
    stdio: ['ignore', out, out],
  });
  fs.closeSync(out);
  base = `http://127.0.0.1:${port}`;
  await waitForReady(base, server, log);
}

async function stop(): Promise<void> {
  if (!server || server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((r) => server!.once('exit', r));
  process.kill(-server.pid!, 'SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
  if (server.exitCode === null && server.signalCode === null) process.kill(-server.pid!, 'SIGKILL');
}

const call = httpCaller(() => base);

/** One sign-in per account: the clone's server runs as `npm start` does, with its sign-in rate limits. */
const tokens = new Map<string, Promise<string>>();
function tokenOf(account: { email: string; password: string }): Promise<string> {
  if (!tokens.has(account.email))
    tokens.set(
      account.email,
      call<{ data: { accessToken: string } }>('POST', '/api/user/auth/login', undefined, account).then(
        (res) => res.json().data.accessToken,
      ),
    );
  return tokens.get(account.email)!;
}

const rows = () => page.locator('tbody tr');
/** The page reloads and refetches on a loaded runner: wait as the other browser tests do. */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 });
const cellsOf = (source: string) => page.locator(`tbody td.column-${source}`).allInnerTexts();

beforeAll(async () => {
  ownPanelBefore = builtAt(ROOT);
  clone = fs.mkdtempSync(path.join(os.tmpdir(), 'ride-new-resource-'));
  // What CI has: the committed HEAD, not this working tree's edits.
  execFileSync('git', ['clone', '--quiet', '--shared', ROOT, clone], { stdio: 'pipe' });
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(clone, 'node_modules'), 'dir');
  execSync(COMMAND, { cwd: clone, stdio: 'pipe' });
  generated = execFileSync('git', ['status', '--porcelain', '--untracked-files=all'], { cwd: clone, encoding: 'utf8' })
    .split('\n')
    .filter(Boolean)
    .sort();
  execSync(VEHICLES, { cwd: clone, stdio: 'pipe' });
  declareRetire(clone);
  // The demo city as a developer's data directory already holds it (the suite's cached copy, not seeded
  // again): npm start then applies only the two migrations the generator wrote.
  unpackSeeded(await seededDump(), path.join(clone, 'data'));
  await npmStart();
  browser = await launch();
  context = await browser.newContext({ viewport: { width: 1440, height: 900 }, baseURL: base, acceptDownloads: true });
  page = await context.newPage();
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/trip/promotions')) calls.push(`${request.method()} ${url.pathname}`);
  });
  await signIn(page, ADMIN);
}, 480_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await stop();
  if (clone) fs.rmSync(clone, { recursive: true, force: true });
});

describe(COMMAND, () => {
  it('writes the declaration, the migration and the handlers file, and nothing else but the three indexes it owns', () => {
    expect(generated).toEqual([
      ' M server/db/migrations/declared/index.ts',
      ' M server/declared/index.ts',
      ' M src/domain/resources/declared/index.ts',
      expect.stringMatching(/^\?\? server\/db\/migrations\/declared\/\d{3}_promotions\.ts$/),
      '?? server/declared/promotions.ts',
      '?? src/domain/resources/declared/promotions.ts',
    ]);
  });

  it("then npm start builds the clone's own panel and server, and never this project's", () => {
    expect(fs.existsSync(path.join(clone, 'dist/index.html'))).toBe(true);
    expect(fs.existsSync(path.join(clone, 'dist-server/main.js'))).toBe(true);
    expect(builtAt(ROOT)).toBe(ownPanelBefore);
  });

  it('gives the Super Admin a Promotions menu entry that opens the list, with its search and filters', async () => {
    await page.goto('/');
    const entry = page.getByTestId('side-menu').getByRole('link', { name: 'Promotions' });
    await entry.waitFor();
    expect(await menuEntries(page)).toContain('Promotions');
    await entry.click();
    await page.waitForURL((url) => url.pathname === '/promotions');
    await page.getByText('No Promotions yet.').waitFor();
    await snap(page, 'new-resource-empty-list');
  });

  it('creates: an empty title is refused under the field and nothing is sent; a good one is saved and shown', async () => {
    if (new URL(page.url()).pathname !== '/promotions') await page.goto('/promotions');
    await page.getByRole('link', { name: 'Create' }).first().click();
    await page.getByLabel('Percent').fill('15');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Title is required').waitFor();
    await snap(page, 'new-resource-create-refused');
    expect(calls.filter((c) => c.startsWith('POST'))).toEqual([]);

    await page.getByLabel(/^Title/).fill('Rainy season');
    // Day, month, year, hours and minutes, section by section, in the city's time.
    await page.getByRole('group', { name: 'Starts at' }).getByRole('spinbutton').first().click();
    await page.keyboard.type('010320270900');
    await page.getByLabel('Active').check();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL((url) => /^\/promotions\/\d+$/.test(url.pathname));
    const main = page.locator('main');
    for (const text of ['Rainy season', '1 Mar 2027, 09:00', '15'])
      await main.getByText(text, { exact: true }).waitFor();
    await snap(page, 'new-resource-show');
  });

  it('edits the record, and the show page has the new value', async () => {
    const showPath = new URL(page.url()).pathname;
    await page.getByRole('link', { name: 'Edit' }).click();
    await page.getByLabel('Percent').fill('20');
    await snap(page, 'new-resource-edit');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL((url) => url.pathname === showPath);
    await page.locator('main').getByText('20', { exact: true }).waitFor();
    expect(calls.filter((c) => c.startsWith('PUT'))).toEqual([`PUT /api/trip${showPath}`]);
  });

  it('lists, searches, sorts and filters', async () => {
    const admin = await tokenOf(ADMIN);
    // A second record, through the API (once, should the test run again).
    const dry = { title: 'Dry spell', active: false, percent: 5 };
    const existing = await call<unknown[]>(
      'GET',
      `/api/trip/promotions?filter=${encodeURIComponent('{"q":"dry"}')}`,
      admin,
    );
    if (existing.json().length === 0) expect((await call('POST', '/api/trip/promotions', admin, dry)).status).toBe(201);
    await page.getByTestId('side-menu').getByRole('link', { name: 'Promotions' }).click();
    await poll(() => cellsOf('title')).toEqual(['Dry spell', 'Rainy season']);
    for (const header of ['Title', 'Starts at', 'Active', 'Percent', 'Created at', 'Updated at'])
      await page.getByRole('columnheader', { name: header }).waitFor();
    // The city's clock: 06:00 UTC is 09:00 in Nairobi.
    expect(await cellsOf('startsAt')).toEqual(['—', '1 Mar 2027, 09:00']);
    // Every filter is on the screen (the lists have no "Add filter" menu).
    for (const label of ['Starts at: from', 'Starts at: to']) await page.getByRole('group', { name: label }).waitFor();
    await page.getByRole('spinbutton', { name: 'Percent' }).waitFor();
    await page.getByRole('combobox', { name: 'Active' }).waitFor();

    await page.locator('input[name="q"]').fill('rainy');
    await poll(() => cellsOf('title')).toEqual(['Rainy season']);
    await page.locator('input[name="q"]').fill('');
    await poll(() => rows().count()).toBe(2);

    await page.getByRole('columnheader', { name: 'Percent' }).getByRole('button').click();
    await poll(() => page.url()).toContain('sort=percent');
    await poll(() => cellsOf('percent')).toEqual(['5', '20']);
    await page.getByRole('columnheader', { name: 'Percent' }).getByRole('button').click();
    await poll(() => cellsOf('percent')).toEqual(['20', '5']);

    await page.getByRole('combobox', { name: 'Active' }).click();
    await page.getByRole('option', { name: 'No', exact: true }).click();
    await poll(() => cellsOf('title')).toEqual(['Dry spell']);
    await snap(page, 'new-resource-list-filtered');
  });

  it("exports the list as the server's CSV: the declaration's labels, Nairobi time", async () => {
    // The list keeps its filter and sort between visits: start from none, newest first.
    await page.goto(`/promotions?filter=${encodeURIComponent('{}')}&sort=createdAt&order=DESC`);
    await poll(() => cellsOf('title')).toEqual(['Dry spell', 'Rainy season']);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('promotions.csv');
    const [header, ...lines] = fs
      .readFileSync(await file.path(), 'utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(header).toBe(
      'ID,Title,Starts at (Nairobi time),Active,Percent,Created at (Nairobi time),Updated at (Nairobi time)',
    );
    expect(lines).toEqual([
      expect.stringMatching(/^\d+,Dry spell,,false,5,/),
      expect.stringMatching(/^\d+,Rainy season,2027-03-01 09:00,true,20,/),
    ]);
  });

  it('deletes a record after a confirmation', async () => {
    await page.getByRole('link', { name: 'Dry spell' }).click();
    await page.waitForURL((url) => /^\/promotions\/\d+$/.test(url.pathname));
    await page.getByRole('link', { name: 'Edit' }).click();
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL((url) => url.pathname === '/promotions');
    await poll(() => cellsOf('title')).toEqual(['Rainy season']);
  });

  it('answers the API with 400s naming the fields, and writes an audit row for each change', async () => {
    const admin = await tokenOf(ADMIN);
    const bad = await call<{ errors: Record<string, string> }>('POST', '/api/trip/promotions', admin, {
      percent: 'lots',
      startsAt: 'soon',
    });
    expect(bad.status).toBe(400);
    expect(bad.json().errors).toEqual({
      title: 'Title is required',
      percent: 'Percent must be a number',
      startsAt: 'Starts at must be a date and time',
    });
    const [rainy] = (await call<{ id: number }[]>('GET', '/api/trip/promotions', admin)).json();
    const blank = await call<{ errors: Record<string, string> }>('PUT', `/api/trip/promotions/${rainy!.id}`, admin, {
      title: '',
    });
    expect(blank.status).toBe(400);
    expect(blank.json().errors).toEqual({ title: 'Title is required' });
    expect((await call('GET', `/api/trip/promotions/${rainy!.id}`, admin)).json()).toMatchObject({
      title: 'Rainy season',
      percent: 20,
    });

    const audit = await call<{ action: string }[]>(
      'GET',
      `/api/user/audit-logs?filter=${encodeURIComponent('{"resource":"promotions"}')}`,
      admin,
    );
    expect(audit.json().map((row) => row.action)).toEqual(['delete', 'create', 'update', 'create']);
    await page.goto(`/staff-management/audit-logs?filter=${encodeURIComponent('{"resource":"promotions"}')}`);
    // One line per change (each with a folded detail row of its own), the record named by its title.
    const changes = page.locator('tbody tr', { hasText: /Promotion (Rainy season|Dry spell)/ });
    await poll(() => changes.count()).toBe(4);
    for (const action of ['Created', 'Updated', 'Deleted']) await changes.getByText(action).first().waitFor();
    await snap(page, 'new-resource-audit-log');
  });

  it('gives a Dispatcher no menu entry, an access-denied page, and a 403 from the API', async () => {
    const dispatcherContext = await browser.newContext({ viewport: { width: 1440, height: 900 }, baseURL: base });
    try {
      const dispatcher = await dispatcherContext.newPage();
      await signIn(dispatcher, DISPATCHER);
      await dispatcher.getByTestId('side-menu').getByRole('link', { name: 'Trips' }).waitFor();
      expect(await menuEntries(dispatcher)).not.toContain('Promotions');
      await dispatcher.goto('/promotions');
      await dispatcher.getByText('Access denied').waitFor();
    } finally {
      await dispatcherContext.close();
    }
    const token = await tokenOf(DISPATCHER);
    const refused = await call('GET', '/api/trip/promotions', token);
    expect(refused.status).toBe(403);
    expect(refused.text).toContain('view-Promotion');
    expect((await call('POST', '/api/trip/promotions', token, { title: 'No' })).status).toBe(403);
  });

  it('shows the generated vehicles: a year as 2018, the vehicle type by name, a day in the panel format', async () => {
    const admin = await tokenOf(ADMIN);
    const types = (await call<{ id: number; name: string }[]>('GET', '/api/trip/vehicle-types', admin)).json();
    const created = await call<{ id: number }>('POST', '/api/trip/vehicles', admin, {
      plate: 'KDA 101A',
      year: 2018,
      vehicleTypeId: types[0]!.id,
      insuranceExpiresOn: '2027-03-31',
    });
    expect(created.status).toBe(201);
    await page.goto('/vehicles');
    await poll(() => cellsOf('plate')).toEqual(['KDA 101A']);
    expect(await cellsOf('year')).toEqual(['2018']);
    expect(await cellsOf('insuranceExpiresOn')).toEqual(['31 Mar 2027']);
    await poll(() => cellsOf('vehicleTypeId')).toEqual([types[0]!.name]);
    await snap(page, 'new-resource-vehicles-list');
  });

  it('retires a vehicle with its declared action, from its row, after the confirmation, without opening it', async () => {
    const row = rows().filter({ hasText: 'KDA 101A' });
    await row.getByRole('button', { name: 'Retire vehicle' }).click();
    const dialog = page.getByRole('dialog', { name: 'Retire vehicle' });
    await dialog.getByText('Retire this vehicle? It leaves the active fleet.').waitFor();
    await dialog.getByLabel(/Reason/).fill('Sold');
    await snap(page, 'new-resource-vehicles-retire');
    await dialog.getByRole('button', { name: 'Retire vehicle' }).click();
    await page.getByText('KDA 101A retired').waitFor();
    expect(new URL(page.url()).pathname).toBe('/vehicles');
    const admin = await tokenOf(ADMIN);
    const [vehicle] = (await call<{ active: boolean }[]>('GET', '/api/trip/vehicles', admin)).json();
    expect(vehicle).toMatchObject({ active: false });
  });

  it('names the vehicle by its plate in the audit log', async () => {
    await page.goto(`/staff-management/audit-logs?filter=${encodeURIComponent('{"resource":"vehicles"}')}`);
    const changes = page.locator('tbody tr', { hasText: 'Vehicle KDA 101A' });
    await poll(() => changes.count()).toBe(2); // created, retired
    await snap(page, 'new-resource-vehicles-audit-log');
  });
});
