import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as yup from 'yup';
import type { AnyObject } from 'yup';
import type { Access } from '../auth/guard.js';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { ApiError, notFound } from '../errors.js';
import type { HeldText } from './heldMessages.js';
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

/** How a bulk run asks runValidated to treat a record beyond the single action. */
export interface RunOptions {
  /** Added to the audit row beside the handler's own facts (a bulk run's shared reason). */
  why?: Row;
  /** An undoable run: the record's texts wait until then (its undo window's end). */
  holdTextsUntil?: Date;
  /**
   * An undo: the audit entry it reverses. The entry's held texts are cancelled and this run's own
   * texts dropped (an undone action sends nothing), unless the window had closed and they went out.
   * The audit row is action `undo`, linked to the entry, with only the fields it changed back.
   */
  undoOf?: number;
}

/** The audit action of an undo (its row's `undoOf` names the entry it reverses). */
export const UNDO_AUDIT_ACTION = 'undo';

/** runAction once the body is validated. Answers the audit entry it wrote beside the answer. */
export async function runValidated(
  engine: ResourceEngine,
  d: ResourceDeclaration,
  name: string,
  action: ActionDeclaration,
  request: FastifyRequest,
  input: AnyObject,
  id?: number,
  options: RunOptions = {},
): Promise<{ data: unknown; message?: string; auditId?: number }> {
  const { why, holdTextsUntil, undoOf } = options;
  return engine.transact(request, async (ctx) => {
    const { heldMessages, messenger } = ctx.services;
    const texts: HeldText[] = [];
    const existing = id === undefined ? undefined : await engine.lockRow(ctx, id);
    if (undoOf !== undefined) await refuseIfUndone(ctx.trx, undoOf);
    const before = id === undefined ? undefined : engine.present(await engine.findRow(id, ctx.trx));
    const text = (phone: string, body: string) => void texts.push({ phone, text: body });
    const result = (await action.handler({ ...ctx, existing, id, input, text })) ?? {};
    const recordId = id ?? result.recordId;
    let after: Row | undefined;
    let auditId: number | undefined;
    if (recordId !== undefined) {
      after = engine.present(await engine.findRow(recordId, ctx.trx));
      if (!after && id === undefined) throw notFound(refusal('noSuch', { label: 'record' }));
      // An undo's row says what it put back, not the reason of the action it undoes.
      const facts = undoOf === undefined && (result.audit || why) ? { ...why, ...result.audit } : undefined;
      auditId = await recordAudit(ctx.trx, {
        staffId: ctx.staff.id,
        resource: d.name,
        recordId,
        action: undoOf === undefined ? name : UNDO_AUDIT_ACTION,
        before,
        after: facts && after ? { ...after, ...facts } : after,
        undoOf,
      });
      engine.changed(ctx, recordId);
    }
    let sendNow = texts;
    if (undoOf !== undefined) {
      const { alreadySent } = await heldMessages.cancel(ctx.trx, undoOf);
      if (!alreadySent) sendNow = [];
    } else if (holdTextsUntil && auditId !== undefined && texts.length) {
      await heldMessages.hold(ctx.trx, auditId, texts, holdTextsUntil);
      ctx.afterCommit(() => heldMessages.releaseAt(holdTextsUntil));
      sendNow = [];
    }
    for (const t of sendNow) ctx.afterCommit(() => messenger.sendSms(t.phone, t.text));
    return {
      data: result.data ?? after ?? null,
      ...(result.message ? { message: result.message } : {}),
      ...(auditId !== undefined ? { auditId } : {}),
    };
  });
}

/** One undo per entry: a second is refused before anything changes. */
async function refuseIfUndone(trx: Transaction<Database>, undoOf: number): Promise<void> {
  const undone = await trx.selectFrom('auditLogs').select('id').where('undoOf', '=', undoOf).executeTakeFirst();
  if (undone) throw new ApiError(409, refusal('changeAlreadyUndone'));
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
