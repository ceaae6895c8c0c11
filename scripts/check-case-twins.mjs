// Fails when two tracked paths differ only by letter case, or would once their extension is dropped
// (import './Foo' resolves to foo.ts or Foo.tsx at random on case-insensitive file systems).
import { execFileSync } from 'node:child_process';

const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { encoding: 'utf8' })
  .split('\n')
  .filter(Boolean);
const importable = /\.(tsx?|mjs|cjs|jsx?)$/;
const seen = new Map();
const twins = [];
for (const file of files) {
  const key = file.replace(importable, '').toLowerCase();
  const other = seen.get(key);
  if (other && other !== file) twins.push(`${other}  ↔  ${file}`);
  else seen.set(key, file);
}
if (twins.length) {
  console.error(`Paths that differ only by letter case (rename one of each pair):\n  ${twins.join('\n  ')}`);
  process.exit(1);
}
console.log(`case twins: none among ${files.length} paths`);
