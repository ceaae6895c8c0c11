/**
 * `npm run new:resource -- <name> [--service trip|user] <field>:<type>[:<rule>…] …` (rules:
 * required, unique, unique=ci, min=, max=, maxLength=, pattern=, default=; see USAGE)
 *
 * Writes a resource's declaration (src/domain/resources/declared/<camelName>.ts), its migration
 * (server/db/migrations/declared/<NNN>_<name>.ts) and its action handlers' file
 * (server/declared/<camelName>.ts, empty until the declaration names an action), and rewrites the
 * three folders' index.ts, which this command owns (they list the folders' files; nothing else edits them). Nothing else is
 * needed: the server serves the declaration (routes, OpenAPI, audit, export), the start adds its
 * permissions and grants them to the Super Admin, and the panel gives it generated screens, a menu
 * entry and its labels. ROOT=<dir> writes into another copy of the project (the tests do).
 */
import fs from 'node:fs';
import path from 'node:path';
import { format, resolveConfig } from 'prettier';
import {
  camel,
  declarationSource,
  declaredIndexSource,
  handlersIndexSource,
  handlersSource,
  migrationSource,
  migrationsIndexSource,
  parseArgs,
  snake,
} from './lib/resourceTemplate.js';
import { migrationDirs, nextMigrationNumber, tsFiles } from './lib/migrationFiles.js';

const root = path.resolve(process.env.ROOT ?? path.join(import.meta.dirname, '..'));
const declaredDir = path.join(root, 'src/domain/resources/declared');
const handlersDir = path.join(root, 'server/declared');
const { declaredMigrationsDir } = migrationDirs(root);

/** The folder's declarations with their manifest names (read from the source). */
const declarationsOfFolder = () =>
  tsFiles(declaredDir).map((file) => ({
    file,
    name: /name: '([a-z0-9-]+)'/.exec(fs.readFileSync(path.join(declaredDir, file), 'utf8'))?.[1] ?? file,
  }));

/** The resources a `ref(…)` may name, and their tables, read from the source (no import of the project). */
function knownTables(): Map<string, string> {
  const tables = new Map<string, string>();
  const declarations = fs.readFileSync(path.join(root, 'server/declarations.ts'), 'utf8');
  for (const [, file] of declarations.matchAll(/from '\.\/(.+?)\.js'/g)) {
    const source = fs.readFileSync(path.join(root, 'server', `${file}.ts`), 'utf8');
    const table = /table: '([a-zA-Z]+)'/.exec(source)?.[1];
    const manifestFile = /from '\.\.\/\.\.\/\.\.\/src\/domain\/resources\/(\w+)\.js'/.exec(source)?.[1];
    if (!table || !manifestFile) continue;
    const manifest = fs.readFileSync(path.join(root, 'src/domain/resources', `${manifestFile}.ts`), 'utf8');
    const name = /name: '([a-z-]+)'/.exec(manifest)?.[1];
    if (name) tables.set(name, snake(table));
  }
  for (const file of tsFiles(declaredDir)) {
    const source = fs.readFileSync(path.join(declaredDir, file), 'utf8');
    const name = /name: '([a-z0-9-]+)'/.exec(source)?.[1];
    const table = /table: '([a-z0-9_]+)'/.exec(source)?.[1];
    if (name && table) tables.set(name, table);
  }
  return tables;
}

/** Writes a file in the project's code style (prettier), so that `npm run lint` stays green. */
async function write(file: string, source: string): Promise<void> {
  const options = await resolveConfig(file);
  fs.writeFileSync(file, await format(source, { ...options, filepath: file }));
}

async function main(argv: string[]): Promise<void> {
  const spec = parseArgs(argv);
  const tables = knownTables();
  if (tables.has(spec.name)) throw new Error(`A resource named ${spec.name} exists already`);
  for (const field of spec.fields)
    if (field.type.kind === 'ref' && !tables.has(field.type.resource))
      throw new Error(
        `${field.name}: ref(${field.type.resource}) names no resource; known: ${[...tables.keys()].join(', ')}`,
      );

  const number = nextMigrationNumber(root);
  const declarationFile = path.join(declaredDir, `${camel(spec.name)}.ts`);
  const migrationFile = path.join(declaredMigrationsDir, `${number}_${snake(camel(spec.name))}.ts`);
  const handlersFile = path.join(handlersDir, `${camel(spec.name)}.ts`);
  const command = `npm run new:resource -- ${argv.join(' ')}`;

  await write(declarationFile, declarationSource(spec, command));
  await write(
    migrationFile,
    migrationSource(spec, (resource) => tables.get(resource)),
  );
  await write(handlersFile, handlersSource(spec));
  await write(path.join(declaredDir, 'index.ts'), declaredIndexSource(declarationsOfFolder()));
  await write(path.join(declaredMigrationsDir, 'index.ts'), migrationsIndexSource(tsFiles(declaredMigrationsDir)));
  await write(path.join(handlersDir, 'index.ts'), handlersIndexSource(tsFiles(handlersDir)));
  for (const file of [declarationFile, migrationFile, handlersFile]) console.log(`wrote ${path.relative(root, file)}`);
  const words = spec.fields.length + 3; // the name, each field, createdAt and updatedAt
  console.log(
    `Words: the English labels are in the declaration; Swahili and French lack ${words} each (resources.${spec.name}.*): npm run i18n:missing lists them.`,
  );
  console.log(
    `Run npm start: ${spec.name} is served at /api/${spec.service}/${spec.name} and in the panel at /${spec.name}.`,
  );
}

try {
  await main(process.argv.slice(2));
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
