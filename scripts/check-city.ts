/**
 * npm run check:city — is the demo city alive? Starts the server as `npm start` does (with the
 * simulator) on a fresh data directory, then samples every 3 s what the dispatcher sees: the online
 * drivers and their states (GET /api/trip/dispatcher/drivers), the trips board's columns (the active
 * trips) and the SOS banner (alarms still new). Prints a line a minute and a verdict: at least 10 % of
 * the online drivers busy three minutes after the start, every board column seen with trips, no
 * simulated alarm older than 15 minutes on the banner.
 *
 * CHECK_MINUTES (4): how long to sample. CHECK_SCREENSHOT=1: at the end, the dispatcher page in
 * Chromium (needs `npm run build` first), saved as test-results/screens/check-city-dispatcher.png.
 * CHECK_PORT (8098). The server's log: test-results/check-city-server.log.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from './lib/chromium.js';
import { ADMIN, killGroup, login, sleep, startServer, waitForExit } from './lib/serverProcess.js';

const MINUTES = Number(process.env.CHECK_MINUTES ?? 4);
const PORT = Number(process.env.CHECK_PORT ?? 8098);
const SCREENSHOT = process.env.CHECK_SCREENSHOT === '1';
/** Often enough to see a trip pass through a column it stays in for a few seconds (waiting, offered). */
const SAMPLE_EVERY_MS = 3000;
const COLUMNS = ['waiting', 'offered', 'en_route', 'at_pickup', 'on_trip'] as const;
type Column = (typeof COLUMNS)[number];

interface Sample {
  /** Seconds since the server was spawned. */
  at: number;
  online: number;
  busy: number;
  /** The board's columns (every active trip), and those of the trips requested since the spawn. */
  columns: Record<Column, number>;
  fresh: Record<Column, number>;
  /** Minutes of the oldest simulated alarm still new (null: none). */
  oldestSimulatedSos: number | null;
}

fs.mkdirSync('test-results/screens', { recursive: true });
const logFile = path.resolve('test-results/check-city-server.log');
fs.writeFileSync(logFile, '');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ride-city-'));
const spawnedAt = Date.now();
console.log(`[check:city] starting the server with the simulator on ${dataDir} (port ${PORT})`);
const server = await startServer(
  { port: PORT, dataDir, args: ['--with-simulator'], env: { LOG_LEVEL: 'info' }, logFile },
  600_000,
);
console.log(
  `[check:city] ready after ${(server.readyInMs / 1000).toFixed(0)} s (a fresh data directory is seeded first)`,
);

const since = () => Math.round((Date.now() - spawnedAt) / 1000);
let simulatorAt: number | null = null;
const get = async <T>(token: string, url: string): Promise<T> => {
  const res = await fetch(`${server.baseUrl}${url}`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
};
const query = (o: Record<string, unknown>) =>
  new URLSearchParams(Object.fromEntries(Object.entries(o).map(([k, v]) => [k, JSON.stringify(v)])));

async function sample(token: string): Promise<Sample> {
  const { data: drivers } = await get<{ data: { state: string; tripId: number | null }[] }>(
    token,
    '/api/trip/dispatcher/drivers',
  );
  const trips = await get<{ id: number; status: string; requestedAt: string }[]>(
    token,
    `/api/trip/trips?${query({ filter: { active: true }, range: [0, 499] })}&fields=id,status,requestedAt`,
  );
  const alarms = await get<{ calledAt: string; simulated: boolean }[]>(
    token,
    `/api/trip/sos-call-logs?${query({ filter: { status: 'new' }, range: [0, 99] })}&fields=id,calledAt,simulated`,
  );
  const states = (s: string) => drivers.filter((d) => d.state === s).length;
  // The board's columns, as src/customRoutes/dispatcher/model.ts places a trip.
  const offeredTrips = new Set(drivers.filter((d) => d.state === 'offered').map((d) => d.tripId));
  const STATUS_COLUMN: Record<string, Column> = { accepted: 'en_route', arrived: 'at_pickup', in_progress: 'on_trip' };
  const columnsOf = (list: typeof trips) => {
    const counts = Object.fromEntries(COLUMNS.map((c) => [c, 0])) as Record<Column, number>;
    for (const t of list) {
      const column =
        t.status === 'requested' ? (offeredTrips.has(t.id) ? 'offered' : 'waiting') : STATUS_COLUMN[t.status];
      if (column) counts[column]++;
    }
    return counts;
  };
  const ages = alarms.filter((a) => a.simulated).map((a) => (Date.now() - Date.parse(a.calledAt)) / 60_000);
  return {
    at: since(),
    online: drivers.filter((d) => d.state !== 'lost').length,
    busy: states('offered') + states('en_route') + states('on_trip'),
    columns: columnsOf(trips),
    fresh: columnsOf(trips.filter((t) => Date.parse(t.requestedAt) >= spawnedAt)),
    oldestSimulatedSos: ages.length ? Math.max(...ages) : null,
  };
}

async function screenshot(): Promise<Record<Column, number>> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: 1600, height: 1000 }, baseURL: server.baseUrl });
    await page.goto('/login');
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/dispatcher');
    await page.getByTestId('trips-board').waitFor({ timeout: 60_000 });
    await sleep(8000);
    const file = 'test-results/screens/check-city-dispatcher.png';
    await page.screenshot({ path: file });
    console.log(`[check:city] screenshot: ${file}`);
    const counts = {} as Record<Column, number>;
    for (const c of COLUMNS)
      counts[c] = await page.locator(`[data-testid="board-${c}"] [data-testid^="board-trip-"]`).count();
    return counts;
  } finally {
    await browser.close();
  }
}

const samples: Sample[] = [];
let failed = false;
try {
  const token = await login(server.baseUrl);
  const end = spawnedAt + server.readyInMs + MINUTES * 60_000;
  let lastMinute = -1;
  while (Date.now() < end) {
    if (simulatorAt === null && /\[simulator\] \d+ drivers online/.test(fs.readFileSync(logFile, 'utf8')))
      simulatorAt = since();
    const s = await sample(token);
    samples.push(s);
    const minute = Math.floor(s.at / 60);
    if (minute !== lastMinute) {
      lastMinute = minute;
      const cols = COLUMNS.map((c) => `${c} ${s.columns[c]} (new ${s.fresh[c]})`).join(', ');
      console.log(
        `[check:city] ${String(minute).padStart(2)} min: online ${s.online}, busy ${s.busy} (${s.online ? Math.round((100 * s.busy) / s.online) : 0} %) · board: ${cols} · oldest simulated SOS new: ${s.oldestSimulatedSos === null ? 'none' : `${s.oldestSimulatedSos.toFixed(1)} min`}`,
      );
    }
    await sleep(SAMPLE_EVERY_MS);
  }
  const board = SCREENSHOT ? await screenshot() : undefined;

  const share = (s: Sample) => (s.online ? s.busy / s.online : 0);
  const after3 = samples.filter((s) => s.at >= 180);
  // Traffic: trips requested since the start seen in each column (the seed leaves some trips waiting).
  const seen = COLUMNS.filter((c) => samples.some((s) => s.fresh[c] > 0));
  const oldest = Math.max(0, ...samples.map((s) => s.oldestSimulatedSos ?? 0));
  const onlines = samples.filter((s) => s.at >= 180).map((s) => s.online);
  const lowest = after3.length ? Math.min(...after3.map(share)) : 0;
  const checks: [string, boolean][] = [
    [
      `busy share from 3 min after the start: lowest ${(100 * lowest).toFixed(0)} %, mean ${after3.length ? ((100 * after3.reduce((a, s) => a + share(s), 0)) / after3.length).toFixed(0) : '-'} %, highest ${after3.length ? (100 * Math.max(...after3.map(share))).toFixed(0) : '-'} % (≥ 10 %)`,
      after3.length > 0 && lowest >= 0.1,
    ],
    [
      `board columns seen with trips requested since the start: ${seen.join(', ')} (all ${COLUMNS.length})`,
      seen.length === COLUMNS.length,
    ],
    [`oldest simulated SOS still new: ${oldest.toFixed(1)} min (≤ 15)`, oldest <= 15],
  ];
  console.log(
    `[check:city] server ready at ${(server.readyInMs / 1000).toFixed(0)} s, simulator online at ${simulatorAt ?? '?'} s after the spawn; online drivers from 3 min: ${onlines.length ? `${Math.min(...onlines)}–${Math.max(...onlines)}` : '-'}`,
  );
  if (board)
    console.log(`[check:city] the dispatcher's board at the end: ${COLUMNS.map((c) => `${c} ${board[c]}`).join(', ')}`);
  for (const [text, ok] of checks) console.log(`[check:city] ${ok ? 'ok  ' : 'FAIL'} ${text}`);
  failed = checks.some(([, ok]) => !ok);
} finally {
  killGroup(server.child, 'SIGTERM');
  await waitForExit(server, 20_000).catch(() => killGroup(server.child, 'SIGKILL'));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
