#!/usr/bin/env node
/**
 * Measures what the browser downloads to show /login: the JS and CSS of the
 * entry chunk and of everything it imports statically (lazy chunks excluded),
 * gzip-compressed. Run after `vite build` (which writes dist/.vite/manifest.json).
 *
 *   node scripts/bench-bundle.mjs            # prints the breakdown, fails over budget
 *   BUNDLE_BUDGET_KB=350 node scripts/bench-bundle.mjs
 *
 * 1 kB = 1000 bytes, as Vite prints them.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = resolve(process.argv[2] ?? 'dist');
const budgetKb = Number(process.env.BUNDLE_BUDGET_KB ?? 350);
const manifestPath = join(dist, '.vite', 'manifest.json');
const htmlPath = join(dist, 'index.html');

for (const required of [htmlPath, manifestPath]) {
  if (!existsSync(required)) {
    console.error(`Missing ${required}: run \`vite build\` (with build.manifest: true) first.`);
    process.exit(2);
  }
}

const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const html = readFileSync(htmlPath, 'utf8');

/** Files that index.html itself makes the browser load (entry script, preloads, stylesheets). */
function filesReferencedByHtml() {
  const files = new Set();
  const pattern = /<(?:script|link)\b[^>]*?(?:src|href)="\/?([^"]+\.(?:js|css))"[^>]*>/g;
  for (const match of html.matchAll(pattern)) {
    // Prefetched files are for later pages.
    if (!/rel="prefetch"/.test(match[0])) files.add(match[1]);
  }
  return files;
}

/** The entry chunk's file, CSS and static imports, followed through the manifest. */
function filesOfEntry() {
  const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
  if (entries.length === 0) throw new Error('The manifest has no entry chunk.');
  const files = new Set();
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The manifest does not know ${key}.`);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const [key] of entries) visit(key);
  return files;
}

const gzipSize = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const kb = (bytes) => (bytes / 1000).toFixed(2).padStart(9);

const needed = [...new Set([...filesOfEntry(), ...filesReferencedByHtml()])].filter((file) => /\.(js|css)$/.test(file));
const rows = needed
  .map((file) => ({ file, raw: readFileSync(join(dist, file)).length, gzip: gzipSize(file) }))
  .sort((a, b) => b.gzip - a.gzip);

const htmlGzip = gzipSync(Buffer.from(html), { level: 9 }).length;
const total = rows.reduce((sum, row) => sum + row.gzip, 0);

console.log('What /login needs (lazy chunks not counted):');
console.log(`${'gzip kB'.padStart(9)} ${'raw kB'.padStart(9)}  file`);
for (const row of rows) console.log(`${kb(row.gzip)} ${kb(row.raw)}  ${row.file}`);
console.log(`${kb(htmlGzip)} ${kb(Buffer.byteLength(html))}  index.html (not counted)`);
console.log(`JS + CSS gzip total: ${(total / 1000).toFixed(2)} kB (budget ${budgetKb} kB)`);

if (total > budgetKb * 1000) {
  console.error(`Over budget by ${((total - budgetKb * 1000) / 1000).toFixed(2)} kB.`);
  process.exit(1);
}
