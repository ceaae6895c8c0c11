import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { seededDump, unpackSeeded } from '../../scripts/lib/seedCache';
import { freePort } from './ports';
import { E2E_WORKERS } from './workers';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One server per worker: the test files of worker N (VITEST_POOL_ID) use the Nth. */
    baseUrls: string[];
  }
}

/**
 * The servers' ports: E2E_PORT + n when set, else ports the system says are free, so two runs of the
 * suite on one machine (two people, or a run beside CI) never meet on a port.
 */
const portOf = async (index: number) => (process.env.E2E_PORT ? Number(process.env.E2E_PORT) + index : freePort());

const SERVER_ENV = {
  HOST: '127.0.0.1',
  DATABASE_URL: '',
  REDIS_URL: '',
  NODE_ENV: 'development',
  // Many sign-ins from one address within a minute; the limits themselves are covered by server tests.
  RATE_LIMIT_LOGIN_PER_IP: '1000',
  RATE_LIMIT_PER_EMAIL: '1000',
  // SOS reports without an app token, as older app builds send them (off by default; issue 25).
  SOS_PUBLIC_REPORTS: 'true',
  // A review's decisions are texted as one SMS after this window (a minute by default).
  REVIEW_SMS_WINDOW_SECONDS: '2',
  // The SOS story counts the sounds a new alarm asks for: no repeat of the seed's waiting alarms in between
  // (the repeat is covered by the component test of the banner).
  SOS_SOUND_REPEAT_SECONDS: '0',
  // A trip booked for later is offered a minute before pickup (15 by default), so that the browser
  // test of booking for later sees it released within about a minute.
  SCHEDULED_LEAD_MINUTES: '1',
  // The cached city's password hashes are made at the test cost (testConfig): sign-ins check them at that cost.
  PASSWORD_HASH_COST: '12',
};

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/ready`)).ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the server did not answer ${url}/api/ready within ${timeoutMs} ms`);
}

/**
 * Starts one real server per worker (E2E_WORKERS) the way `npm start` does (scripts/start.mjs: the
 * compiled server run by Node, rebuilt first if its sources changed; embedded database), each on a
 * data directory of its own holding the seeded demo city, without the simulator. The panel is built
 * only when dist/ has none (CI builds it first; after a panel change, build it yourself: `npm run
 * build` or `npx vite build`).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const hasPanel = fs.existsSync('dist/index.html');
  fs.mkdirSync('test-results', { recursive: true });
  const dump = await seededDump();
  const servers: { child: ChildProcess; dataDir: string }[] = [];
  const start = async (index: number) => {
    const port = await portOf(index);
    // Each worker's server has a data directory of its own, holding the seeded city.
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ride-e2e-'));
    unpackSeeded(dump, dataDir);
    const log = fs.openSync(`test-results/e2e-server-${index + 1}.log`, 'w');
    const child = spawn(process.execPath, ['scripts/start.mjs'], {
      env: {
        ...process.env,
        ...SERVER_ENV,
        BUILD_PANEL: hasPanel ? 'false' : 'true',
        PORT: String(port),
        DATA_DIR: dataDir,
      },
      stdio: ['ignore', log, log],
    });
    servers.push({ child, dataDir });
    const baseUrl = `http://127.0.0.1:${port}`;
    await waitForHealth(baseUrl, child, hasPanel ? 120_000 : 600_000);
    return baseUrl;
  };
  // The first start builds what changed (the server, the panel without a dist/); the others find it built.
  const first = await start(0);
  const rest = await Promise.all(Array.from({ length: E2E_WORKERS - 1 }, (_, i) => start(i + 1)));
  project.provide('baseUrls', [first, ...rest]);
  return async () => {
    await Promise.all(
      servers.map(async ({ child, dataDir }) => {
        if (child.exitCode === null) {
          child.kill('SIGTERM');
          await new Promise((r) => child.once('exit', r));
        }
        fs.rmSync(dataDir, { recursive: true, force: true });
      }),
    );
  };
}
