import type { Kysely } from 'kysely';
import type { AnyObject } from 'yup';
import type { Access } from '../auth/guard.js';
import { actionBodySchema, type DeclaredManifest } from '../../src/domain/resources/declare.js';
import type {
  DeclaredAction,
  DeclaredActionBody,
  Fields,
  ManifestRecord,
  ResourceManifest,
} from '../../src/domain/resources/manifest.js';
import type { ActionContext, ActionDeclaration, ActionResult } from './declaration.js';

/**
 * The server half of a declared resource's actions (DeclaredAction in its manifest entry): one
 * handler per declared action, in server/declared/<camelName>.ts, typed against the resource's
 * record and the action's body. The engine runs it as any action (actions.ts): the body checked by
 * the declared rules (400 naming the field), the record locked, one transaction, an audit row
 * under the action's name with the handler's `audit` facts, after-commit effects.
 */

export interface DeclaredActionContext<M extends ResourceManifest, A extends DeclaredAction> {
  id: number;
  /** The record as stored, locked until the action ends. */
  record: ManifestRecord<M>;
  /** The body, checked by the action's declared body rules. */
  input: DeclaredActionBody<A>;
  staff: ActionContext['staff'];
  trx: ActionContext['trx'];
  afterCommit: ActionContext['afterCommit'];
  /** Writes fields of the record (and its updatedAt), checked by the table's rules. */
  update(values: Partial<Omit<ManifestRecord<M>, 'id'>>): Promise<void>;
}

export type DeclaredHandlers<F extends Fields, A extends Readonly<Record<string, DeclaredAction>>> = {
  [K in keyof A & string]: (ctx: DeclaredActionContext<ResourceManifest<F>, A[K]>) => Promise<ActionResult | void>;
};

/** A declared resource's handlers as server/declared/index.ts lists them. */
export interface DeclaredHandlersOf {
  resource: string;
  handlers: Record<string, (ctx: never) => Promise<ActionResult | void>>;
}

/** The handlers of a declared resource's actions, checked against its manifest entry (one per action, no other). */
export const defineDeclaredHandlers = <F extends Fields, A extends Readonly<Record<string, DeclaredAction>>>(
  manifest: DeclaredManifest<F, A>,
  handlers: DeclaredHandlers<F, A>,
): DeclaredHandlersOf => ({
  resource: manifest.name,
  handlers: handlers as Record<string, (ctx: never) => Promise<ActionResult | void>>,
});

/** The engine's actions of a declared resource: its manifest's actions with their handlers. */
export function declaredActionsOf(
  manifest: ResourceManifest,
  handlers: Record<string, (ctx: never) => Promise<ActionResult | void>> | undefined,
): Record<string, ActionDeclaration> | undefined {
  const declared = Object.entries(manifest.actions ?? {});
  if (!declared.length) return undefined;
  const missing = declared.filter(([name]) => !handlers?.[name]).map(([name]) => name);
  if (missing.length)
    throw new Error(
      `${manifest.name} declares the action${missing.length > 1 ? 's' : ''} ${missing.join(', ')} without a handler in server/declared/ (defineDeclaredHandlers)`,
    );
  const table = manifest.table!;
  return Object.fromEntries(
    declared.map(([name, action]) => {
      const handler = handlers![name] as (
        ctx: DeclaredActionContext<ResourceManifest, DeclaredAction>,
      ) => Promise<ActionResult | void>;
      const declaration: ActionDeclaration = {
        summary: action.label,
        ...(action.confirm ? { description: action.confirm } : {}),
        access: (action.permission ?? `update-${manifest.subject}`) as Access,
        body: actionBodySchema(action),
        ...(action.inBulk ? { bulk: {} } : {}),
        handler: (ctx) =>
          handler({
            id: ctx.id!,
            record: ctx.existing as ManifestRecord<ResourceManifest>,
            input: ctx.input as AnyObject as never,
            staff: ctx.staff,
            trx: ctx.trx,
            afterCommit: ctx.afterCommit,
            async update(values) {
              // A declared table is not in the hand-written schema types: its fields are the manifest's.
              await (ctx.trx as unknown as Kysely<Record<string, Record<string, unknown>>>)
                .updateTable(table)
                .set({ ...values, ...('updatedAt' in manifest.fields ? { updatedAt: new Date() } : {}) })
                .where('id', '=', ctx.id!)
                .execute();
            },
          }),
      };
      return [name, declaration];
    }),
  );
}
