import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as yup from 'yup';
import type { AnyObject } from 'yup';
import type { Access } from '../auth/guard.js';
import { notFound } from '../errors.js';
import { recordAudit } from './audit.js';
import type { ActionDeclaration, ResourceDeclaration, Row } from './declaration.js';
import { writeJsonSchema } from './docs.js';
import type { ResourceEngine } from './engine.js';
import { errorSchema, idParams, parseId, validateBody } from './requests.js';
import { refusal } from '../../src/domain/messageCodes.js';

export const noBody = yup.object({});

export const answerSchema = {
  type: 'object',
  properties: { data: {}, message: { type: 'string' } },
  required: ['data'],
};

/**
 * Runs one action: validates the body (400 with field errors), then in one transaction locks the
 * record (404), runs the handler and writes the audit row with the record before and after (and
 * the handler's `audit` facts: why it was done). A throwing handler rolls everything back;
 * after-commit effects run only once committed.
 */
export async function runAction(
  engine: ResourceEngine,
  d: ResourceDeclaration,
  name: string,
  action: ActionDeclaration,
  request: FastifyRequest,
  id?: number,
): Promise<{ data: unknown; message?: string }> {
  const input = await validateBody(action.body ?? noBody, request.body ?? {});
  return runValidated(engine, d, name, action, request, input, id);
}

/**
 * runAction once the body is validated; `why` is added to the audit row (a bulk run's shared
 * reason), beside the handler's own facts.
 */
export async function runValidated(
  engine: ResourceEngine,
  d: ResourceDeclaration,
  name: string,
  action: ActionDeclaration,
  request: FastifyRequest,
  input: AnyObject,
  id?: number,
  why?: Row,
): Promise<{ data: unknown; message?: string }> {
  return engine.transact(request, async (ctx) => {
    const existing = id === undefined ? undefined : await engine.lockRow(ctx, id);
    const before = id === undefined ? undefined : engine.present(await engine.findRow(id, ctx.trx));
    const result = (await action.handler({ ...ctx, existing, id, input })) ?? {};
    const recordId = id ?? result.recordId;
    let after: Row | undefined;
    if (recordId !== undefined) {
      after = engine.present(await engine.findRow(recordId, ctx.trx));
      if (!after && id === undefined) throw notFound(refusal('noSuch', { label: 'record' }));
      await recordAudit(ctx.trx, {
        staffId: ctx.staff.id,
        resource: d.name,
        recordId,
        action: name,
        before,
        after: (result.audit || why) && after ? { ...after, ...why, ...result.audit } : after,
      });
      engine.changed(ctx, recordId);
    }
    return { data: result.data ?? after ?? null, ...(result.message ? { message: result.message } : {}) };
  });
}

/** Registers `POST /<res>/:id/<name>` or `POST /<res>/<name>` for each declared action. */
export function registerActions(app: FastifyInstance, engine: ResourceEngine, d: ResourceDeclaration): void {
  const responses = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
  for (const [name, action] of Object.entries(d.actions ?? {})) {
    const onRecord = (action.on ?? 'record') === 'record';
    const status = action.status ?? 200;
    app.post(
      onRecord ? `/${d.name}/:id/${name}` : `/${d.name}/${name}`,
      {
        config: {
          access: action.access ?? (`update-${d.subject}` as Access),
          bodyDocs: writeJsonSchema(action.body ?? noBody),
        },
        schema: {
          tags: [d.name],
          summary: action.summary,
          description: action.description,
          ...(onRecord ? { params: idParams } : {}),
          response: { [status]: answerSchema, ...responses },
        },
      },
      async (request, reply) => {
        const id = onRecord ? parseId((request.params as { id: string }).id) : undefined;
        return reply.status(status).send(await runAction(engine, d, name, action, request, id));
      },
    );
  }
}
