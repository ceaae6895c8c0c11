// Fails on an import circle in server/ or src/ (run by `npm run lint`). Type-only imports are
// skipped: they vanish from the built code, so they cannot make a module read another half-built.
import madge from 'madge';
import { readFileSync } from 'node:fs';

const { detectiveOptions } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).madge;
const sides = [
  ['server', 'tsconfig.server.json'],
  ['src', 'tsconfig.app.json'],
];
let failed = false;
for (const [dir, tsConfig] of sides) {
  const graph = await madge(dir, { fileExtensions: ['ts', 'tsx'], tsConfig, detectiveOptions });
  const circles = graph.circular();
  const files = Object.keys(graph.obj()).length;
  if (circles.length) {
    failed = true;
    console.error(
      `Import circles in ${dir}/ (${circles.length}):\n  ${circles.map((c) => c.join(' → ')).join('\n  ')}`,
    );
  } else console.log(`import circles: none in ${dir}/ (${files} files)`);
}
if (failed) process.exit(1);
