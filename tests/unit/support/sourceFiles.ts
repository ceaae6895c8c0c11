import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '../../..');

/** The TypeScript files under `dir` (relative to the repository), with their text, by path from the root. */
export function sourceFiles(dir: string): { name: string; text: string }[] {
  const walk = (at: string): string[] =>
    readdirSync(at, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(at, entry.name);
      if (entry.isDirectory()) return walk(full);
      return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
    });
  return walk(path.join(ROOT, dir))
    .sort()
    .map((full) => ({ name: path.relative(ROOT, full), text: readFileSync(full, 'utf8') }));
}
