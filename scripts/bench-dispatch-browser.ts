/**
 * The dispatcher page in headless Chromium on a city of moving drivers.
 *
 *   npm run build && npm run bench:dispatch-browser
 *
 * Three processes on loopback: the server (buildApp on an in-memory PGlite copy of the demo city
 * plus approved drivers up to BENCH_DRIVERS, serving the built panel from dist/), the simulator
 * (scripts/simulate.ts) with BENCH_DRIVERS drivers at 1 Hz and BENCH_PASSENGERS, and Chromium
 * (playwright-core, /usr/bin/chromium, WebGL through SwiftShader) with the seeded Dispatcher on /dispatcher,
 * the whole city in view. Once the page has loaded and settled (10 s without a long task), over
 * BENCH_MINUTES minutes it reports, per minute, the long tasks
 * (PerformanceObserver 'longtask', over 50 ms: count, total and longest), the JS heap after a
 * garbage collection (CDP HeapProfiler.collectGarbage + Performance.getMetrics), the DOM nodes and
 * the `driverPositions` batches the page received.
 *
 * Environment: BENCH_DRIVERS (2000), BENCH_PASSENGERS (200), BENCH_MINUTES (5), CHROMIUM_PATH;
 * BENCH_NO_WEBGL=1 for the control run without the map's drawing (the page says the browser cannot
 * draw maps; everything else runs), to tell the page's own work from software WebGL's.
 * Chromium runs with its GPU process and GPU compositing, SwiftShader (through ANGLE) standing in for
 * the GPU (CHROMIUM_GPU_ARGS), as a dispatcher's desktop browser composites a WebGL canvas: drawn and
 * composited in the GPU process, not read back on the page's main thread. BENCH_SOFTWARE=1 runs it
 * as the e2e tests do (CHROMIUM_ARGS, --disable-gpu): software compositing, where every map frame is
 * read back synchronously on the main thread (a `Commit` that grows with the canvas's area), a cost
 * only GPU-less machines pay.
 * BENCH_VIEWPORT=WxH (1440x900) sets the window, hence the map canvas's size.
 */
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS, CHROMIUM_GPU_ARGS } from './lib/chromium.js';
import { addBenchDrivers, intEnv, simulatorOnline, spawnSimulator } from './lib/dispatchBench.js';

const DRIVERS = intEnv('BENCH_DRIVERS', 2000, 0);
const PASSENGERS = intEnv('BENCH_PASSENGERS', 200, 0);
const MINUTES = intEnv('BENCH_MINUTES', 5, 0);

// ---------------------------------------------------------------- server side

async function serve(): Promise<void> {
  const { buildApp } = await import('../server/app.js');
  const { testConfig } = await import('../server/config.js');
  const { createDb } = await import('../server/db/index.js');
  const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-dispatch-browser-'));
  const config = testConfig({
    filesDir,
    staticDir: path.resolve('dist'),
    logLevel: 'warn',
    rateLimits: { loginPerIp: 1_000_000, perEmail: 1_000_000, windowMs: 60_000, global: 0, appsPerIp: 1_000_000 },
  });
  const handle = await createDb({});
  const app = await buildApp(config, { db: handle });
  await addBenchDrivers(app.services.db, DRIVERS, { phonePrefix: '+2547980', platePrefix: 'KBY' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.send!({ port: (app.server.address() as { port: number }).port });
  process.on('message', (m) => {
    if (m === 'stop') void app.close().then(() => process.exit(0));
  });
}

// ---------------------------------------------------------------- the bench

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface TraceEvent {
  name: string;
  dur?: number;
  ts: number;
  ph: string;
  tid: number;
  args?: { name?: string; data?: { functionName?: string; url?: string; type?: string } };
}

/** BENCH_TRACE: each long task (> 50 ms) of the main thread, with the events inside it that took longest. */
function printLongTasks(events: TraceEvent[], tid: number | undefined): void {
  const own = events.filter((e) => e.tid === tid && e.ph === 'X' && e.dur);
  const long = own.filter((e) => e.name === 'RunTask' && e.dur! > 50_000);
  console.log(`${long.length} long tasks in the trace`);
  for (const task of long) {
    const inside = own
      .filter((e) => e !== task && e.ts >= task.ts && e.ts + e.dur! <= task.ts + task.dur! && e.dur! > 3_000)
      .map((e) => {
        const d = e.args?.data;
        const what = d?.functionName || d?.url?.split('/').pop() || d?.type || '';
        return `${e.name}${what ? ` (${what})` : ''} ${(e.dur! / 1000).toFixed(1)}`;
      });
    console.log(`  ${(task.dur! / 1000).toFixed(0)} ms: ${inside.slice(0, 10).join(' · ')}`);
  }
}

/** BENCH_PROFILE=1: a 15 s CPU profile of the page, the functions with the most self time. */
async function profile(cdp: import('playwright-core').CDPSession): Promise<void> {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.start');
  await new Promise((r) => setTimeout(r, 15_000));
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as {
    profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
  };
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const byName = new Map<string, number>();
  for (const node of profile.nodes) {
    const f = node.callFrame;
    const key = `${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}:${f.lineNumber}`;
    byName.set(key, (byName.get(key) ?? 0) + (self.get(node.id) ?? 0));
  }
  const top = [...byName].sort((a, b) => b[1] - a[1]).slice(0, 30);
  for (const [name, us] of top) console.log(`${(us / 1000).toFixed(0).padStart(7)} ms  ${name}`);
}

interface Minute {
  minute: number;
  longTasks: number;
  longTaskMs: number;
  longestMs: number;
  heapMB: number;
  domNodes: number;
  batches: number;
  /** Frames the map drew (WebGL draw calls in one burst). */
  mapFrames: number;
  driversShown: number;
}

async function main(): Promise<void> {
  if (!fs.existsSync('dist/index.html')) throw new Error('Build the panel first: npm run build');
  const gpu = !process.env.BENCH_SOFTWARE;
  console.log(
    `bench:dispatch-browser — ${DRIVERS} drivers, ${PASSENGERS} passengers, ${MINUTES} min in Chromium${process.env.BENCH_NO_WEBGL ? ' without WebGL (control)' : ''}${gpu ? ', GPU compositing with SwiftShader as the GPU' : ', software compositing (BENCH_SOFTWARE)'}`,
  );
  const server = fork(fileURLToPath(import.meta.url), [], {
    env: { ...process.env, BENCH_BROWSER_ROLE: 'server' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.once('message', (m: { port: number }) => resolve(m.port));
    server.once('exit', (code) => reject(new Error(`the server exited with code ${code}`)));
  });
  const base = `http://127.0.0.1:${port}`;
  console.log(`server ready on ${base}`);

  const simLogPath = path.join(os.tmpdir(), `bench-dispatch-browser-sim-${process.pid}.log`);
  const sim = spawnSimulator({ url: base, drivers: DRIVERS, passengers: PASSENGERS, logFile: simLogPath });
  const started = Date.now();
  const online = await simulatorOnline(sim, simLogPath, 20 * 60_000);
  console.log(`simulator: ${online} drivers online after ${Math.round((Date.now() - started) / 1000)} s`);

  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      ...(gpu ? CHROMIUM_GPU_ARGS : CHROMIUM_ARGS),
      '--enable-precise-memory-info',
      ...(process.env.BENCH_NO_WEBGL ? ['--disable-webgl', '--disable-webgl2'] : []),
    ],
  });
  // BENCH_VIEWPORT=WxH (1440x900): the map's canvas is the window less the side area, top bar and board.
  const [width, height] = (process.env.BENCH_VIEWPORT ?? '1440x900').split('x').map(Number);
  const context = await browser.newContext({ viewport: { width, height }, baseURL: base });
  const page = await context.newPage();
  // Long tasks and the batches, counted in the page from its first script on.
  await page.addInitScript(() => {
    const g = globalThis as unknown as {
      __bench: { long: { start: number; duration: number }[]; frames: number; loaf: string[] };
      PerformanceObserver: new (cb: (list: { getEntries(): { startTime: number; duration: number }[] }) => void) => {
        observe(o: object): void;
      };
    };
    g.__bench = { long: [], frames: 0, loaf: [] };
    // Map frames: the tasks that made WebGL draw calls (a frame's draws all run in one task).
    const w = globalThis as unknown as Record<string, { prototype: Record<string, (...a: unknown[]) => unknown> }>;
    let drawing = false;
    for (const ctor of ['WebGLRenderingContext', 'WebGL2RenderingContext'])
      for (const name of ['drawElements', 'drawArrays']) {
        const proto = w[ctor]?.prototype;
        const draw = proto?.[name];
        if (!proto || !draw) continue;
        proto[name] = function (this: unknown, ...args: unknown[]) {
          if (!drawing) {
            drawing = true;
            g.__bench.frames++;
            setTimeout(() => (drawing = false));
          }
          return draw.apply(this, args);
        };
      }
    new g.PerformanceObserver((list) => {
      for (const e of list.getEntries()) g.__bench.long.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
    // What each long frame was made of (Long Animation Frames: its scripts, then style, layout and
    // paint from renderStart on), printed beside the minute that had it.
    new g.PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as {
        startTime: number;
        duration: number;
        blockingDuration: number;
        renderStart: number;
        styleAndLayoutStart: number;
        scripts: { invoker: string; sourceURL: string; sourceFunctionName: string; duration: number }[];
      }[]) {
        if (!e.blockingDuration) continue;
        const scripts = e.scripts
          .filter((s) => s.duration > 3)
          .map(
            (s) => `${s.invoker}${s.sourceFunctionName ? ` ${s.sourceFunctionName}` : ''} ${Math.round(s.duration)}`,
          );
        const render = e.renderStart ? Math.round(e.startTime + e.duration - e.renderStart) : 0;
        const style = e.styleAndLayoutStart ? Math.round(e.startTime + e.duration - e.styleAndLayoutStart) : 0;
        g.__bench.loaf.push(
          `at ${Math.round(e.startTime / 1000)} s: ${Math.round(e.duration)} ms (blocking ${Math.round(e.blockingDuration)}), render ${render} (style+layout+paint ${style}); ${scripts.join(' · ') || 'no script over 3 ms'}`,
        );
      }
    }).observe({ type: 'long-animation-frame', buffered: true });
  });
  let batches = 0;
  page.on('websocket', (ws) =>
    ws.on('framereceived', (frame) => {
      if (typeof frame.payload === 'string' && frame.payload.startsWith('42["driverPositions"')) batches++;
    }),
  );
  await page.goto('/login');
  await page.getByLabel('Email').fill('dispatcher@example.com');
  await page.getByLabel('Password', { exact: true }).fill('Dispatch@1234');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await page.goto('/dispatcher');
  const legend = page.getByTestId('map-legend');
  const shown = async () => ((await legend.innerText()).match(/\d+/g) ?? []).reduce((s, n) => s + Number(n), 0);
  const loadDeadline = Date.now() + 120_000;
  while ((await shown()) < DRIVERS * 0.9 && Date.now() < loadDeadline) await page.waitForTimeout(1000);
  console.log(`page shows ${await shown()} drivers`);

  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  // Which renderer drew the map and whether the compositor ran on the GPU path.
  // A string: scripts/ is typed without the DOM's names.
  const renderer = await page.evaluate<string>(`(() => {
    const gl = document.createElement('canvas').getContext('webgl');
    const info = gl && gl.getExtension('WEBGL_debug_renderer_info');
    const map = document.querySelector('canvas.maplibregl-canvas');
    const name = gl ? String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER)) : 'no WebGL';
    return name + '; map canvas ' + (map ? map.width + ' × ' + map.height : 'none');
  })()`);
  const browserCdp = await browser.newBrowserCDPSession();
  const { gpu: gpuInfo } = (await browserCdp.send('SystemInfo.getInfo')) as unknown as {
    gpu: { featureStatus: Record<string, string> };
  };
  console.log(
    `WebGL renderer: ${renderer}; gpu_compositing: ${gpuInfo.featureStatus.gpu_compositing}, webgl: ${gpuInfo.featureStatus.webgl}`,
  );
  const sample = async () => {
    await cdp.send('HeapProfiler.collectGarbage');
    const { metrics } = await cdp.send('Performance.getMetrics');
    const get = (name: string) => metrics.find((m) => m.name === name)?.value ?? 0;
    return { heapMB: Math.round((get('JSHeapUsedSize') / 1048576) * 10) / 10, domNodes: get('Nodes') };
  };
  const pageNow = () => page.evaluate(() => performance.now());
  const framesNow = () =>
    page.evaluate(() => (globalThis as unknown as { __bench: { frames: number } }).__bench.frames);
  const longSince = (from: number, to: number) =>
    page.evaluate(
      ([a, b]) =>
        (globalThis as unknown as { __bench: { long: { start: number; duration: number }[] } }).__bench.long.filter(
          (t) => t.start >= a && t.start < b,
        ),
      [from, to] as const,
    );

  const settle = async () => {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const long = await longSince(0, Infinity);
      const quietFor = (await pageNow()) - Math.max(0, ...long.map((t) => t.start + t.duration));
      if (quietFor >= 10_000 || Date.now() > deadline) return long;
      await page.waitForTimeout(Math.min(10_000 - quietFor, 1000) + 50);
    }
  };

  if (process.env.BENCH_PROFILE) await profile(cdp);
  if (process.env.BENCH_TRACE) {
    await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
    await page.waitForTimeout(intEnv('BENCH_TRACE_S', 10) * 1000);
    const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as {
      traceEvents: TraceEvent[];
    };
    // The page's main thread: the busiest renderer main thread (with GPU compositing the GPU process's
    // main thread is busier, drawing the WebGL frames, but it does not hold up the page).
    const rendererMain = new Set(
      trace.traceEvents
        .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
        .map((e) => e.tid),
    );
    const main = new Map<number, number>();
    const gpuMain = new Map<number, number>();
    for (const e of trace.traceEvents)
      if (e.name === 'RunTask' && e.dur) {
        const on = rendererMain.has(e.tid) ? main : gpuMain;
        on.set(e.tid, (on.get(e.tid) ?? 0) + e.dur);
      }
    const busiest = [...main].sort((a, b) => b[1] - a[1])[0]?.[0];
    const other = [...gpuMain].sort((a, b) => b[1] - a[1])[0];
    if (other) console.log(`busiest other thread: ${(other[1] / 1000).toFixed(0)} ms of tasks (not the page's)`);
    const byName = new Map<string, { us: number; n: number }>();
    for (const e of trace.traceEvents)
      if (e.tid === busiest && e.dur && e.ph === 'X') {
        const entry = byName.get(e.name) ?? { us: 0, n: 0 };
        byName.set(e.name, { us: entry.us + e.dur, n: entry.n + 1 });
      }
    for (const [name, { us, n }] of [...byName].sort((a, b) => b[1].us - a[1].us).slice(0, 12))
      console.log(`${(us / 1000).toFixed(0).padStart(7)} ms  ${String(n).padStart(5)}×  ${name}`);
    printLongTasks(trace.traceEvents, busiest);
  }
  // The minutes measure the page in use, not its loading: they start once 10 s have passed without a
  // long task (the map chunk's evaluation and the first draws of the city are long), at most 60 s on.
  const loadLong = await settle();
  console.log(
    `while loading: ${loadLong.length} long tasks (longest ${Math.round(Math.max(0, ...loadLong.map((t) => t.duration)))} ms), settled at ${Math.round((await pageNow()) / 1000)} s`,
  );
  await page.evaluate(() => (globalThis as unknown as { __bench: { loaf: string[] } }).__bench.loaf.splice(0));
  const start = await sample();
  console.log(`after load: heap ${start.heapMB} MB, ${start.domNodes} DOM nodes`);
  const minutes: Minute[] = [];
  let from = await pageNow();
  let batchesAt = batches;
  let framesAt = await framesNow();
  for (let minute = 1; minute <= MINUTES; minute++) {
    await page.waitForTimeout(60_000);
    const to = await pageNow();
    const long = await longSince(from, to);
    const memory = await sample();
    const row: Minute = {
      minute,
      longTasks: long.length,
      longTaskMs: Math.round(long.reduce((s, t) => s + t.duration, 0)),
      longestMs: Math.round(Math.max(0, ...long.map((t) => t.duration))),
      ...memory,
      batches: batches - batchesAt,
      mapFrames: 0,
      driversShown: await shown(),
    };
    const frames = await framesNow();
    row.mapFrames = frames - framesAt;
    framesAt = frames;
    minutes.push(row);
    console.log(JSON.stringify(row));
    const longFrames = await page.evaluate(() => {
      const bench = (globalThis as unknown as { __bench: { loaf: string[] } }).__bench;
      return bench.loaf.splice(0);
    });
    for (const line of longFrames) console.log(`  long frame ${line}`);
    from = to;
    batchesAt = batches;
  }
  await page.screenshot({ path: path.join(os.tmpdir(), 'bench-dispatch-browser.png') });
  const result = {
    drivers: DRIVERS,
    passengers: PASSENGERS,
    cores: os.cpus().length,
    load: os.loadavg().map((l) => Math.round(l * 10) / 10),
    startHeapMB: start.heapMB,
    minutes,
    mapFramesPerMinute: Math.round(minutes.reduce((s, m) => s + m.mapFrames, 0) / minutes.length),
    longTasksPerMinute: Math.round((minutes.reduce((s, m) => s + m.longTasks, 0) / minutes.length) * 10) / 10,
    heapGrowthMB: Math.round((minutes.at(-1)!.heapMB - minutes[0].heapMB) * 10) / 10,
  };
  console.log(JSON.stringify(result, null, 2));
  await browser.close();
  sim.kill('SIGINT');
  server.send('stop');
  await new Promise((r) => server.once('exit', r));
  process.exit(0);
}

if (process.env.BENCH_BROWSER_ROLE === 'server')
  serve().catch((e: unknown) => {
    console.error(e);
    process.exit(1);
  });
else
  main().catch((e: unknown) => {
    console.error(e);
    process.exit(1);
  });
