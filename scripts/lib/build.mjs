/**
 * The two builds `npm run build` and `npm start` share:
 *
 * - the panel: `vite build` into dist/;
 * - the server: esbuild bundles server/main.ts (and everything it imports from server/ and src/)
 *   into dist-server/main.js with a source map; packages stay in node_modules (external).
 *
 * Each build records a hash of its inputs beside its output (dist/.vite/build.json,
 * dist-server/build.json). `ensureBuilt` rebuilds only the part whose inputs changed, so a start
 * with nothing changed runs neither Vite nor esbuild.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const SERVER_DIR = path.join(ROOT, 'dist-server');
export const SERVER_ENTRY = path.join(SERVER_DIR, 'main.js');
const PANEL_DIR = path.join(ROOT, 'dist');
const PANEL_RECORD = path.join(PANEL_DIR, '.vite', 'build.json');
const SERVER_RECORD = path.join(SERVER_DIR, 'build.json');

/** What every build depends on besides its sources: the installed packages and this file. */
const SHARED_INPUTS = ['package-lock.json', 'scripts/lib/build.mjs'];
/** The panel's inputs: Vite reads these folders and files (and .env files, and VITE_* variables). */
const PANEL_INPUTS = [
  'src',
  'public',
  'index.html',
  'vite.config.ts',
  'tsconfig.json',
  'tsconfig.app.json',
  'tsconfig.base.json',
];

function filesUnder(relative) {
  const full = path.join(ROOT, relative);
  if (!fs.existsSync(full)) return [];
  if (!fs.statSync(full).isDirectory()) return [relative];
  return fs
    .readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)));
}

/** A hash of the files' names and contents (a missing file counts as empty) and of `extra`. */
function hashOf(files, extra = '') {
  const hash = createHash('sha256').update(extra);
  for (const file of [...new Set(files)].sort()) {
    hash.update(`\0${file}\0`);
    const full = path.join(ROOT, file);
    if (fs.existsSync(full)) hash.update(fs.readFileSync(full));
  }
  return hash.digest('hex');
}

function readRecord(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

function panelHash() {
  const envFiles = fs.readdirSync(ROOT).filter((name) => name.startsWith('.env'));
  const viteEnv = Object.entries(process.env)
    .filter(([name]) => name.startsWith('VITE_'))
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, value]) => `${name}=${value}`)
    .join('\n');
  return hashOf([...SHARED_INPUTS, ...envFiles, ...PANEL_INPUTS.flatMap(filesUnder)], viteEnv);
}

/** The server's inputs are the files the last bundle read (its metafile), so a new file shows up
 * through the changed file that imports it. */
function serverHash(inputs) {
  return hashOf([...SHARED_INPUTS, ...inputs]);
}

export function panelIsCurrent() {
  const record = readRecord(PANEL_RECORD);
  return record !== undefined && fs.existsSync(path.join(PANEL_DIR, 'index.html')) && record.hash === panelHash();
}

export function serverIsCurrent() {
  const record = readRecord(SERVER_RECORD);
  return record !== undefined && fs.existsSync(SERVER_ENTRY) && record.hash === serverHash(record.inputs);
}

/** Runs a command with the terminal, resolving on exit 0. `onChild` lets a caller stop it. */
function run(command, args, onChild) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit' });
    onChild?.(child);
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${path.basename(args[0])} build failed (${code ?? signal})`)),
    );
  });
}

/** Vite lists every asset it writes (200 lines) only with `verbose`; warnings and errors always show. */
export async function buildPanel(onChild, { verbose = false } = {}) {
  const hash = panelHash();
  const vite = path.join(ROOT, 'node_modules/vite/bin/vite.js');
  await run(process.execPath, [vite, 'build', ...(verbose ? [] : ['--logLevel', 'warn'])], onChild);
  fs.mkdirSync(path.dirname(PANEL_RECORD), { recursive: true });
  fs.writeFileSync(PANEL_RECORD, JSON.stringify({ hash }));
}

/**
 * Bundles the server. It writes into a folder of its own first and then renames each file into
 * dist-server/ (the record last), so a server starting meanwhile, or a second build running at the
 * same time (two test files), never reads half a file.
 */
export async function buildServer() {
  const { build, stop } = await import('esbuild');
  const staging = fs.mkdtempSync(path.join(ROOT, 'dist-server.tmp-'));
  try {
    const result = await build({
      absWorkingDir: ROOT,
      entryPoints: ['server/main.ts'],
      outfile: path.join(staging, 'main.js'),
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      sourcemap: 'linked',
      // Sources in the map are relative to the map, so stack traces name server/….ts.
      sourcesContent: false,
      metafile: true,
      logLevel: 'warning',
    });
    const inputs = Object.keys(result.metafile.inputs).filter((file) => !file.startsWith('node_modules/'));
    fs.writeFileSync(path.join(staging, 'build.json'), JSON.stringify({ hash: serverHash(inputs), inputs }));
    fs.mkdirSync(SERVER_DIR, { recursive: true });
    for (const name of ['main.js', 'main.js.map', 'build.json'])
      fs.renameSync(path.join(staging, name), path.join(SERVER_DIR, name));
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
    // esbuild's service process would otherwise stay alive beside the server npm start runs next.
    await stop();
  }
}

/**
 * Builds what changed since the last build. Returns what it built, e.g. `['server']`.
 * `panel: false` leaves the panel alone (an API-only server).
 */
export async function ensureBuilt({ panel = true, log = console.log, onChild, verbose = false } = {}) {
  const built = [];
  const timed = async (what, build) => {
    const started = Date.now();
    log(`Building the ${what}…`);
    await build();
    log(`Built the ${what} in ${Math.round((Date.now() - started) / 1000)} s`);
    built.push(what);
  };
  if (panel && !panelIsCurrent()) await timed('panel', () => buildPanel(onChild, { verbose }));
  if (!serverIsCurrent()) await timed('server', buildServer);
  return built;
}
