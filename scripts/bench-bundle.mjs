#!/usr/bin/env node
/**
 * Measures what the server really sends a browser that opens /login: it starts
 * the built server (`dist-server/main.js`, as `npm start` runs it, on a temporary DATA_DIR, a free port,
 * no demo seed), requests /login, then every file the page needs — the
 * manifest's entry chunk with its static imports and CSS, plus whatever
 * index.html itself loads (lazy chunks excluded) — once per Accept-Encoding,
 * and sums the bytes on the wire (status line, headers and body as sent).
 * Fails (exit 1) when the `br, gzip` total (what browsers ask for) is over the
 * budget, when a file comes back other than as built, or when map or chart
 * code (maplibre-gl, @mui/x-charts) is among what /login needs.
 * Then it opens /login in headless Chromium (playwright-core, /usr/bin/chromium or CHROMIUM_PATH),
 * lists the scripts and stylesheets the page really fetches, and prints PASS or MISSED for:
 * the entry script ≤ ENTRY_BUDGET_KB (220 kB br by default), and /login fetching no chunk it does
 * not draw (no lazy chunk, none of the libraries in NOT_DRAWN).
 * Run after `vite build` (npm run bench:bundle does both).
 *
 *   node scripts/bench-bundle.mjs [dist]     # BUNDLE_BUDGET_KB=350 by default
 *
 * 1 kB = 1000 bytes, as Vite prints them.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const dist = resolve(process.argv[2] ?? 'dist');
const budgetKb = Number(process.env.BUNDLE_BUDGET_KB ?? 350);
const manifestPath = join(dist, '.vite', 'manifest.json');
const ENCODINGS = ['br, gzip', 'gzip', 'identity'];
const entryBudgetKb = Number(process.env.ENTRY_BUDGET_KB ?? 220);
/** Libraries the login page does not draw: a chunk holding only their code has no business on /login. */
const NOT_DRAWN = [/node_modules\/libphonenumber-js\//, /node_modules\/maplibre-gl\//, /node_modules\/@mui\/x-charts/];
/** Libraries that only lazy pages may load, and text only their code contains. */
const FORBIDDEN = [
  { name: 'maplibre-gl', source: 'node_modules/maplibre-gl/', signature: /maplibregl/i },
  { name: '@mui/x-charts', source: 'node_modules/@mui/x-charts/', signature: /MuiCharts/ },
];

for (const required of [join(dist, 'index.html'), manifestPath]) {
  if (!existsSync(required)) {
    console.error(`Missing ${required}: run \`vite build\` (with build.manifest: true) first.`);
    process.exit(2);
  }
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

/** The entry chunks' files, CSS and static imports, followed through the manifest, with their sources. */
function entryChunks() {
  const files = new Set();
  const sources = new Set();
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The manifest does not know ${key}.`);
    files.add(chunk.file);
    sources.add(chunk.src ?? key);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
  if (entries.length === 0) throw new Error('The manifest has no entry chunk.');
  for (const [key] of entries) visit(key);
  return { files, sources };
}

/** Chunks named in vite.config.ts that hold only such libraries (a shared chunk's sources are not in the manifest). */
const NOT_DRAWN_CHUNKS = ['phone-numbers', 'maplibre'];

/** The files of the chunks whose every source is a library /login does not draw, as the manifest names them. */
function notDrawnFiles() {
  const files = new Set();
  for (const [key, chunk] of Object.entries(manifest)) {
    const sources = chunk.src ? [chunk.src] : [key];
    if (NOT_DRAWN_CHUNKS.includes(chunk.name) || sources.every((source) => NOT_DRAWN.some((lib) => lib.test(source))))
      files.add(chunk.file);
  }
  return files;
}

/** The scripts and stylesheets headless Chromium fetches for /login, until the sign-in form is drawn and the network is idle. */
async function filesChromiumLoads(port) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const page = await browser.newPage();
    const files = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (/\.(js|css)$/.test(pathname)) files.push(pathname.slice(1));
    });
    await page.goto(`http://127.0.0.1:${port}/login`, { waitUntil: 'networkidle' });
    await page.locator('input[type="password"]').waitFor();
    await page.waitForLoadState('networkidle');
    return files;
  } finally {
    await browser.close();
  }
}

/** Files that the HTML makes the browser load (scripts, modulepreloads, stylesheets; not prefetches). */
function filesReferencedBy(html) {
  const files = new Set();
  const pattern = /<(?:script|link)\b[^>]*?(?:src|href)="\/?([^"]+\.(?:js|css))"[^>]*>/g;
  for (const match of html.matchAll(pattern)) if (!/rel="prefetch"/.test(match[0])) files.add(match[1]);
  return files;
}

const freePort = () =>
  new Promise((resolvePort, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolvePort(port));
    });
    probe.on('error', reject);
  });

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** One GET, undecoded: the body as sent and the size of the whole answer on the wire. */
function fetchRaw(port, urlPath, acceptEncoding) {
  return new Promise((resolveAnswer, reject) => {
    const req = http.get(
      { host: '127.0.0.1', port, path: urlPath, agent, headers: { 'accept-encoding': acceptEncoding } },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          let head = `HTTP/1.1 ${res.statusCode} ${res.statusMessage}\r\n`;
          for (let i = 0; i < res.rawHeaders.length; i += 2)
            head += `${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}\r\n`;
          const chunked = res.headers['transfer-encoding'] === 'chunked';
          resolveAnswer({
            status: res.statusCode,
            encoding: res.headers['content-encoding'] ?? 'identity',
            body,
            // A chunked body also carries its chunk-size lines; none of these answers is chunked in practice.
            wire: Buffer.byteLength(head) + 2 + body.length + (chunked ? 16 : 0),
          });
        });
      },
    );
    req.on('error', reject);
  });
}

const decode = (answer) =>
  answer.encoding === 'br'
    ? brotliDecompressSync(answer.body)
    : answer.encoding === 'gzip'
      ? gunzipSync(answer.body)
      : answer.body;

async function startServer() {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-bundle-'));
  const server = spawn(process.execPath, ['--enable-source-maps', 'dist-server/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      STATIC_DIR: dist,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      REDIS_URL: '',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = () => {
    server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`The server exited with code ${server.exitCode}.`);
    try {
      const res = await fetchRaw(port, '/api/health', 'identity');
      if (res.status === 200) return { port, stop };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      stop();
      throw new Error('The server did not answer /api/health within 60 s.');
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

const kb = (bytes) => (bytes / 1000).toFixed(2).padStart(9);
const problems = [];
const { port, stop } = await startServer();
try {
  const entry = entryChunks();
  const totals = {};
  const rowsByFile = new Map();
  for (const acceptEncoding of ENCODINGS) {
    const page = await fetchRaw(port, '/login', acceptEncoding);
    if (page.status !== 200) throw new Error(`/login answered ${page.status}.`);
    const html = decode(page).toString('utf8');
    const needed = [...new Set([...entry.files, ...filesReferencedBy(html)])].filter((f) => /\.(js|css)$/.test(f));
    let total = page.wire;
    const row = (file, answer) => {
      const current = rowsByFile.get(file) ?? {};
      rowsByFile.set(file, { ...current, [acceptEncoding]: answer });
    };
    row('/login (index.html)', page);
    for (const file of needed) {
      const answer = await fetchRaw(port, `/${file}`, acceptEncoding);
      if (answer.status !== 200) problems.push(`/${file} answered ${answer.status}.`);
      else if (!decode(answer).equals(readFileSync(join(dist, file))))
        problems.push(`/${file} (${answer.encoding}) does not decode to the built file.`);
      if (acceptEncoding === ENCODINGS[0]) {
        const text = decode(answer)
          .toString('utf8')
          .replace(/assets\/[\w.-]+\.(?:js|css)/g, '');
        for (const lib of FORBIDDEN)
          if (lib.signature.test(text)) problems.push(`/${file} contains ${lib.name} code (${lib.signature}).`);
      }
      total += answer.wire;
      row(file, answer);
    }
    totals[acceptEncoding] = total;
  }
  for (const source of entry.sources)
    for (const lib of FORBIDDEN)
      if (source.includes(lib.source)) problems.push(`/login statically imports ${source} (${lib.name}).`);

  console.log('What /login costs on the wire (status line + headers + body, lazy chunks not counted):');
  console.log(`${ENCODINGS.map((e) => `  kB [${e}]`.padEnd(16)).join('')}  file`);
  const sorted = [...rowsByFile.entries()].sort((a, b) => b[1][ENCODINGS[2]].wire - a[1][ENCODINGS[2]].wire);
  for (const [file, answers] of sorted)
    console.log(
      `${ENCODINGS.map((e) => `${kb(answers[e].wire)} ${answers[e].encoding === 'identity' ? '-' : answers[e].encoding}`.padEnd(16)).join('')}  ${file}`,
    );
  console.log(`${ENCODINGS.map((e) => kb(totals[e]).padEnd(16)).join('')}  total`);
  const browserTotal = totals[ENCODINGS[0]];
  console.log(`Accept-Encoding "${ENCODINGS[0]}": ${(browserTotal / 1000).toFixed(2)} kB (budget ${budgetKb} kB)`);
  if (browserTotal > budgetKb * 1000)
    problems.push(`Over budget by ${((browserTotal - budgetKb * 1000) / 1000).toFixed(2)} kB.`);

  const entryFile = Object.values(manifest).find((chunk) => chunk.isEntry).file;
  const entryBr = rowsByFile.get(entryFile)[ENCODINGS[0]];
  const entryKb = entryBr.body.length / 1000;
  console.log(
    `${entryKb <= entryBudgetKb ? 'PASS  ' : 'MISSED'} entry script ${entryFile}: ${entryKb.toFixed(2)} kB ${entryBr.encoding} (target ≤ ${entryBudgetKb} kB br)`,
  );
  const loaded = await filesChromiumLoads(port);
  const notDrawn = notDrawnFiles();
  const extra = loaded.filter((file) => !entry.files.has(file) || notDrawn.has(file));
  console.log(`Chromium fetched ${loaded.length} scripts and stylesheets for /login:`);
  for (const file of loaded)
    console.log(
      `  ${file}${notDrawn.has(file) ? '  (not drawn on /login)' : entry.files.has(file) ? '' : '  (lazy chunk)'}`,
    );
  console.log(
    `${extra.length === 0 ? 'PASS  ' : 'MISSED'} /login fetches no chunk it does not draw${extra.length ? ` (${extra.join(', ')})` : ''}`,
  );
} finally {
  stop();
  agent.destroy();
}
for (const problem of problems) console.error(problem);
process.exit(problems.length ? 1 : 0);
