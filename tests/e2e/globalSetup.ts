import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

const PORT = Number(process.env.E2E_PORT ?? 8199);

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
 * Starts the real server the way `npm start` does (scripts/start.mjs: the compiled server run by
 * Node, rebuilt first if its sources changed; embedded database seeded with the demo city) on a
 * fresh data directory, without the simulator. The panel is built only when dist/ has none (CI
 * builds it first; after a panel change, build it yourself: `npm run build` or `npx vite build`).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const hasPanel = fs.existsSync('dist/index.html');
  fs.mkdirSync('test-results', { recursive: true });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ride-e2e-'));
  const log = fs.openSync('test-results/e2e-server.log', 'w');
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    env: {
      ...process.env,
      BUILD_PANEL: hasPanel ? 'false' : 'true',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
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
    },
    stdio: ['ignore', log, log],
  });
  const baseUrl = `http://127.0.0.1:${PORT}`;
  await waitForHealth(baseUrl, child, hasPanel ? 120_000 : 600_000);
  project.provide('baseUrl', baseUrl);
  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
