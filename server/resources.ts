import { MANIFEST, type ResourceManifest, type Service } from '../src/domain/resources/index.js';
import { defineResource, type ResourceDeclaration } from './rest/declaration.js';
import type { Database } from './db/schema.js';
import * as declarations from './declarations.js';
import { DECLARED_HANDLERS } from './declared/index.js';
import { declaredActionsOf } from './rest/declaredActions.js';
import type { ActionResult } from './rest/declaration.js';
import { labelOf } from './rest/names.js';

const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * Every server declaration (server/declarations.ts, one line each): the manifest (src/domain/resources)
 * says which service registers each and in what order (`declarationsOf`). Importing this module
 * imports no routes, so the panel's tests can read it too.
 */
export const DECLARATIONS: readonly ResourceDeclaration[] = [
  ...Object.values(declarations),
  ...MANIFEST.filter((m) => m.table && !Object.values(declarations).some((d) => d.name === m.name)).map(
    plainDeclaration,
  ),
];

/**
 * The engine's declaration of a manifest entry that names its own table and has no hand-written
 * one (a generated resource): the manifest's fields, search and write rules, delete, and its declared
 * actions with their handlers (server/declared/).
 */
function plainDeclaration(manifest: ResourceManifest): ResourceDeclaration {
  const handlers = DECLARED_HANDLERS.find((h) => h.resource === manifest.name)?.handlers as
    Record<string, (ctx: never) => Promise<ActionResult | void>> | undefined;
  const actions = declaredActionsOf(manifest, handlers);
  const labels = referenceLabels(manifest);
  return defineResource(manifest, {
    ...(actions ? { actions } : {}),
    ...(labels ? { computed: labels } : {}),
    // A generated table is not in the hand-written schema types; the engine builds its SQL from the fields.
    table: manifest.table as keyof Database & string,
    delete: Boolean(manifest.create || manifest.update),
  });
}

/**
 * The label of each referenced record, beside its id: `vehicleTypeId` gives `vehicleType` ("Sedan"),
 * read by lists, the record and the CSV (the column after the id's). The referenced resource's
 * label fields that are columns of its table, joined by a space; `#<id>` when it has none.
 */
function referenceLabels(manifest: ResourceManifest): ResourceDeclaration['computed'] {
  const entries = Object.entries(manifest.fields)
    .filter(([, spec]) => spec.reference)
    .flatMap(([field, spec]) => {
      const target = MANIFEST.find((m) => m.name === spec.reference);
      const handWritten = Object.values(declarations).find((d) => d.name === spec.reference);
      const table = handWritten ? snake(handWritten.table) : target?.table;
      if (!target || !table) return [];
      const columns = (handWritten?.fields ?? target.fields) as Record<string, unknown>;
      const labelFields = target.label.fields.filter((f) => f !== 'id');
      const readable = labelFields.every((f) => f in columns) ? labelFields.map(snake) : [];
      const name = field.endsWith('Id') && field.length > 2 ? field.slice(0, -2) : `${field}Label`;
      if (name in manifest.fields) return [];
      return [
        [
          name,
          { type: 'text' as const, sql: labelOf(table, readable, `${manifest.table}.${snake(field)}`), beside: field },
        ],
      ];
    });
  return entries.length ? Object.fromEntries(entries) : undefined;
}

/**
 * What is wrong between the manifest and the declarations: an entry with no declaration or more
 * than one, or a declaration no entry names. Empty when they agree.
 */
export function declarationProblems(declarations: readonly ResourceDeclaration[] = DECLARATIONS): string[] {
  const problems: string[] = [];
  for (const m of MANIFEST) {
    const count = declarations.filter((d) => d.name === m.name).length;
    if (count !== 1)
      problems.push(`manifest entry ${m.name} has ${count || 'no'} server declaration${count > 1 ? 's' : ''}`);
  }
  for (const d of declarations)
    if (!MANIFEST.some((m) => m.name === d.name)) problems.push(`server declaration ${d.name} has no manifest entry`);
  return problems;
}

/** The declarations a service registers: those of its manifest entries, in manifest order. */
export function declarationsOf(service: Service): ResourceDeclaration[] {
  const problems = declarationProblems();
  if (problems.length) throw new Error(`Resource declarations do not match the manifest: ${problems.join('; ')}`);
  return MANIFEST.filter((m) => m.service === service).map((m) => DECLARATIONS.find((d) => d.name === m.name)!);
}
