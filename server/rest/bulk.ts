import type { FastifyInstance } from 'fastify';
import type { Access } from '../auth/guard.js';
import { ApiError } from '../errors.js';
import { bulkCounts, bulkSchema, type BulkAnswer, type BulkOutcome } from '../../src/domain/bulk.js';
import { answerSchema, noBody, runValidated } from './actions.js';
import type { ActionDeclaration, ResourceDeclaration } from './declaration.js';
import { writeJsonSchema } from './docs.js';
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
  const schema = bulkSchema.concat(action.body ?? noBody);
  const undo = action.bulk?.undo;
  app.post(
    `/${d.name}/bulk/${name}`,
    {
      config: { access: action.access ?? (`update-${d.subject}` as Access), bodyDocs: writeJsonSchema(schema) },
      schema: {
        tags: [d.name],
        summary: `${action.summary}, on many records at once`,
        description: `Runs \`POST /${d.name}/:id/${name}\` on each of \`ids\` (at most 200), each in its own transaction, with one \`reason\` recorded in every record's audit row. Answers \`outcomes\`: per id, done or refused with the single action's message. ${undo ? `\`undo\` is \`${undo}\`: \`POST /${d.name}/bulk/${undo}\` with the ids done reverses it.` : 'This action cannot be undone.'} A 400 (bad ids or body) changes nothing.`,
        response: { 200: answerSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request) => {
      const input = await validateBody(schema, request.body ?? {});
      const { ids, reason, ...rest } = input as { ids: number[]; reason: string };
      // The action sees its own body; a reason it takes is the shared one.
      const body = { ...rest, reason };
      const outcomes: BulkOutcome[] = [];
      for (const id of ids) {
        try {
          const result = await runValidated(engine, d, name, action, request, body, id, { reason, bulk: true });
          outcomes.push({ id, status: 'done', message: result.message ?? 'Done' });
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
      const data: BulkAnswer = { outcomes, ...(undo && done ? { undo } : {}) };
      return { data, message: `${done} done, ${refused} refused` };
    },
  );
}

/** A bulk route for each record action declared with `bulk`. */
export function registerBulkActions(app: FastifyInstance, engine: ResourceEngine, d: ResourceDeclaration): void {
  for (const [name, action] of Object.entries(d.actions ?? {})) {
    if (action.bulk && (action.on ?? 'record') === 'record') registerBulkAction(app, engine, d, name, action);
    if (action.bulk?.undo && !d.actions?.[action.bulk.undo])
      throw new Error(`${d.name}: the undo of ${name} (${action.bulk.undo}) is not an action`);
  }
}
