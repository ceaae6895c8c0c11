import { describe, expect, it } from 'vitest';
import { sourceFiles } from './support/sourceFiles';

/** The developers' guide: small files. A source file in src/ or server/ stays within this many lines. */
const MAX_LINES = 400;

/**
 * Files allowed over the limit, each with why. Shrink this list: split a file at a clean cut and
 * remove its entry (the test fails on an entry whose file is back within the limit).
 */
const ALLOWED: Record<string, string> = {
  'server/db/seed/trip.ts': 'seed data: the demo city’s rows, read top to bottom',
  'server/db/seed/tripScale.ts': 'seed data: the scale generator and its row builders, one pass',
  'src/i18n/en.ts': 'the English catalogue: one object whose shape every language must match',
  'src/i18n/fr/app.ts': 'the French twin of the catalogue, key for key',
  'src/i18n/sw/app.ts': 'the Swahili twin of the catalogue, key for key',
};

const lineCount = (text: string) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

/** `file: n lines` of each file over the limit that is not allowed, and each allowed one back within it. */
export function sizeProblems(files: { name: string; text: string }[], allowed: Record<string, string>): string[] {
  const lines = new Map(files.map(({ name, text }) => [name, lineCount(text)]));
  const over = [...lines]
    .filter(([name, n]) => n > MAX_LINES && !(name in allowed))
    .map(([name, n]) => `${name}: ${n} lines (at most ${MAX_LINES}: split it)`);
  const stale = Object.keys(allowed)
    .filter((name) => (lines.get(name) ?? 0) <= MAX_LINES)
    .map((name) => `${name}: within ${MAX_LINES} lines or gone: remove it from the allowed list`);
  return [...over, ...stale];
}

describe('file size', () => {
  it(`no source file in src/ or server/ is over ${MAX_LINES} lines, but the allowed ones`, () => {
    expect(sizeProblems([...sourceFiles('src'), ...sourceFiles('server')], ALLOWED)).toEqual([]);
  });

  it('names a long file, and an allowed file that no longer needs to be', () => {
    const long = { name: 'src/Long.tsx', text: 'x\n'.repeat(401) };
    const short = { name: 'src/Short.tsx', text: 'x\n'.repeat(400) };
    expect(sizeProblems([long, short], { 'src/Short.tsx': 'was long' })).toEqual([
      'src/Long.tsx: 401 lines (at most 400: split it)',
      'src/Short.tsx: within 400 lines or gone: remove it from the allowed list',
    ]);
  });
});
