import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * A throw-away copy of the project (its tracked and new files, node_modules linked) in the system's
 * temporary folder (or `parent`: the component tests use node_modules/.tmp, which Vite may load), so a test may run `npm run new:resource` and start what it generated without
 * ever writing into the working tree. `remove()` deletes it.
 */
export function scratchCopy(parent = os.tmpdir()): { dir: string; remove(): void } {
  fs.mkdirSync(parent, { recursive: true });
  const dir = fs.mkdtempSync(path.join(parent, 'ride-scratch-'));
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
    cwd: ROOT,
    encoding: 'utf8',
  })
    .split('\0')
    .filter((file) => file && fs.existsSync(path.join(ROOT, file)));
  for (const file of files) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.copyFileSync(path.join(ROOT, file), path.join(dir, file));
  }
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

export { ROOT };

/** Every file under `dir` (relative paths), node_modules left out. */
export function listFiles(dir: string, under = ''): string[] {
  return fs.readdirSync(path.join(dir, under), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.join(under, entry.name);
    if (entry.name === 'node_modules') return [];
    return entry.isDirectory() ? listFiles(dir, rel) : [rel];
  });
}
