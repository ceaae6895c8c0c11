import type { FastifyInstance } from 'fastify';
import type { Access } from '../auth/guard.js';
import * as yup from 'yup';
import { ApiError, badRequest } from '../errors.js';
import { refusal } from '../../src/domain/messageCodes.js';
import { BULK_MAX, bulkCounts, bulkSchema, type BulkAnswer, type BulkOutcome } from '../../src/domain/bulk.js';
import { answerSchema, noBody, runValidated } from './actions.js';
import type { ActionDeclaration, ResourceDeclaration } from './declaration.js';
import { writeJsonSchema } from './docs.js';
import type { Db } from '../db/index.js';
import type { ResourceEngine } from './engine.js';
import { errorSchema, validateBody } from './requests.js';

/**
 * `POST /<res>/bulk/<name>` {ids, reason, …the action's body}: the record action `name` on each
 * record, each in its own transaction (one record refused leaves the others done), with one audit
 * row per record carrying the shared reason. Same permission as the single action. The body is
 * checked once before any record is touched: a 400 changes nothing.
 */
export function registerBulkAction(
  app: FastifyInstance,
  engine: ResourceEngine,
  d: ResourceDeclaration,
  name: string,
  action: ActionDeclaration,
): void {
  const schema = bulkSchema.concat(undoOfSchema).concat(action.body ?? noBody);
  const undo = action.bulk?.undo;
  // The actions this one undoes: an undo run names their audit entries in `undoOf`.
  const undoes = Object.entries(d.actions ?? {})
    .filter(([, other]) => other.bulk?.undo === name)
    .map(([other]) => other);
  app.post(
    `/${d.name}/bulk/${name}`,
    {
      config: { access: action.access ?? (`update-${d.subject}` as Access), bodyDocs: writeJsonSchema(schema) },
      schema: {
        tags: [d.name],
        summary: `${action.summary}, on many records at once`,
        description: `Runs \`POST /${d.name}/:id/${name}\` on each of \`ids\` (at most 200), each in its own transaction, with one \`reason\` recorded in every record's audit row. Answers \`outcomes\`: per id, done (with its \`auditId\`) or refused with the single action's message. ${undo ? `\`undo\` is \`${undo}\`: \`POST /${d.name}/bulk/${undo}\` with the ids done and their \`auditId\`s as \`undoOf\` reverses it. Its texts wait \`undoSeconds\` (BULK_UNDO_SECONDS) and are never sent once undone.` : 'This action cannot be undone.'} ${undoes.length ? `With \`undoOf\` (the audit entries of a ${undoes.join(' or ')} run, one per id) this run is their undo: audited as \`undo\` linked to each entry, the entries' held texts cancelled and its own not sent.` : ''} A 400 (bad ids or body) changes nothing.`,
        response: { 200: answerSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request) => {
      const input = await validateBody(schema, request.body ?? {});
      const { ids, reason, undoOf, ...rest } = input as { ids: number[]; reason: string; undoOf?: number[] };
      const undone = undoOf ? await undoneEntries(request.server.services.db, d, undoes, ids, undoOf) : undefined;
      // The action sees its own body; a reason it takes is the shared one.
      const body = { ...rest, reason };
      const { config, heldMessages } = request.server.services;
      // One window for the whole run, from its start: the panel offers Undo for what is left of it.
      const holdTextsUntil =
        undo && !undone ? new Date(heldMessages.now().getTime() + config.bulkUndoSeconds * 1000) : undefined;
      const outcomes: BulkOutcome[] = [];
      for (const id of ids) {
        try {
          const result = await runValidated(engine, d, name, action, request, body, id, {
            why: { reason, bulk: true },
            holdTextsUntil,
            undoOf: undone?.get(id),
          });
          outcomes.push({
            id,
            status: 'done',
            message: result.message ?? 'Done',
            ...(result.auditId !== undefined ? { auditId: result.auditId } : {}),
          });
        } catch (err) {
          if (!(err instanceof ApiError) || err.statusCode >= 500) {
            request.log.error({ err, id }, `bulk ${d.name}/${name} failed on a record`);
            outcomes.push({
              id,
              status: 'refused',
              message: 'An unexpected error stopped this record; nothing changed',
            });
          } else {
            const detail = err.errors ? Object.values(err.errors).join('; ') : '';
            outcomes.push({ id, status: 'refused', message: detail || err.message });
          }
        }
      }
      const { done, refused } = bulkCounts(outcomes);
      // An undo is not offered an undo of its own.
      const offered = undo && done && holdTextsUntil;
      const data: BulkAnswer = {
        outcomes,
        ...(offered
          ? {
              undo,
              undoSeconds: Math.max(0, Math.floor((holdTextsUntil.getTime() - heldMessages.now().getTime()) / 1000)),
            }
          : {}),
      };
      return { data, message: `${done} done, ${refused} refused` };
    },
  );
}

const undoOfSchema = yup.object({
  undoOf: yup
    .array(yup.number().integer().min(1).max(2147483647).required())
    .typeError('undoOf must be a list of audit entry ids')
    .max(BULK_MAX, `undoOf may name at most ${BULK_MAX} entries`)
    .optional(),
});

/**
 * An undo run's entries, by record: each of `undoOf` must be an entry of this resource written by
 * an action this one undoes, on one of `ids`, one per id. Anything else is a 400 before any change.
 */
async function undoneEntries(
  db: Db,
  d: ResourceDeclaration,
  undoes: string[],
  ids: number[],
  undoOf: number[],
): Promise<Map<number, number>> {
  if (!undoes.length) {
    const message = refusal('undoesNothing');
    throw badRequest(message, { undoOf: message });
  }
  const entries = undoOf.length
    ? await db
        .selectFrom('auditLogs')
        .select(['id', 'recordId'])
        .where('id', 'in', undoOf)
        .where('resource', '=', d.name)
        .where('action', 'in', undoes)
        .execute()
    : [];
  const byRecord = new Map(entries.map((e) => [Number(e.recordId), e.id]));
  const matches =
    entries.length === undoOf.length && byRecord.size === ids.length && ids.every((id) => byRecord.has(id));
  if (!matches) {
    const message = refusal('undoOfEachRecord', { actions: undoes.join(' or ') });
    throw badRequest(message, { undoOf: message });
  }
  return byRecord;
}

/** A bulk route for each record action declared with `bulk`. */
export function registerBulkActions(app: FastifyInstance, engine: ResourceEngine, d: ResourceDeclaration): void {
  for (const [name, action] of Object.entries(d.actions ?? {})) {
    if (action.bulk && (action.on ?? 'record') === 'record') registerBulkAction(app, engine, d, name, action);
    if (action.bulk?.undo && !d.actions?.[action.bulk.undo])
      throw new Error(`${d.name}: the undo of ${name} (${action.bulk.undo}) is not an action`);
  }
}
