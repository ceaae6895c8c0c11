import * as yup from 'yup';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../server/errors.js';
import { defineAction, type ResourceDeclaration } from '../../server/rest/declaration.js';
import { registerResource } from '../../server/rest/resourceRoutes.js';
import { DISPATCHER, startApp, type TestApp } from './harness.js';

/**
 * The action pipeline on a small declaration over the real discounts table: a record action that
 * switches a discount off, and can be told to fail after its write to prove the rollback.
 */
const effects: string[] = [];
const probe: ResourceDeclaration = {
  name: 'probe-discounts',
  table: 'discounts',
  subject: 'Discount',
  fields: { code: { type: 'text' }, active: { type: 'bool' } },
  actions: {
    deactivate: defineAction({
      summary: 'Switch a discount off',
      body: yup.object({
        reason: yup.string().required('Give a reason'),
        failAfterWrite: yup.boolean().typeError('failAfterWrite must be true or false').default(false),
      }),
      async handler({ trx, id, input, existing, afterCommit }) {
        await trx.updateTable('discounts').set({ active: false }).where('id', '=', id!).execute();
        afterCommit(() => void effects.push(`deactivated ${id}`));
        if (input.failAfterWrite) throw new ApiError(409, 'Refused after the write');
        return { message: `${String(existing!.code)} switched off: ${input.reason}`, audit: { reason: input.reason } };
      },
    }),
  },
};

let t: TestApp;
let admin: string;
let activeId: number;
beforeAll(async () => {
  t = await startApp({}, async (app) => {
    await app.register(async (scope) => void registerResource(scope, probe, app.services), { prefix: '/api/probe' });
  });
  admin = await t.login();
  activeId = (await t.db.selectFrom('discounts').select('id').where('active', '=', true).executeTakeFirstOrThrow()).id;
});
afterAll(() => t?.close());

const deactivate = (id: number | string, body: unknown, token = admin) =>
  t.call('POST', `/api/probe/probe-discounts/${id}/deactivate`, { token, body: body as object });
const auditRows = (id: number) =>
  t.db
    .selectFrom('auditLogs')
    .selectAll()
    .where('resource', '=', 'probe-discounts')
    .where('recordId', '=', String(id))
    .execute();
const isActive = async (id: number) =>
  (await t.db.selectFrom('discounts').select('active').where('id', '=', id).executeTakeFirstOrThrow()).active;

describe('engine actions: POST /<res>/:id/<action>', () => {
  it('refuses a bad body with field errors and writes nothing', async () => {
    const res = await deactivate(activeId, { failAfterWrite: 'maybe' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      reason: 'Give a reason',
      failAfterWrite: 'failAfterWrite must be true or false',
    });
    expect(await isActive(activeId)).toBe(true);
    expect(await auditRows(activeId)).toHaveLength(0);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    expect((await deactivate(999999, { reason: 'x' })).statusCode).toBe(404);
    // The English, and its code for the panel to say it in the staff member's language.
    expect((await deactivate('abc', { reason: 'x' })).json()).toEqual({
      message: 'No record with this id',
      code: 'noSuch',
      params: { label: 'record' },
    });
  });

  it('answers 403 without the permission and changes nothing', async () => {
    const dispatcher = await t.login(DISPATCHER.email, DISPATCHER.password);
    const res = await deactivate(activeId, { reason: 'x' }, dispatcher);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Missing permission update-Discount');
    expect(await isActive(activeId)).toBe(true);
  });

  it('rolls back the write and the audit, and runs no effect, when the handler throws', async () => {
    effects.length = 0;
    const res = await deactivate(activeId, { reason: 'x', failAfterWrite: true });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Refused after the write');
    expect(await isActive(activeId)).toBe(true);
    expect(await auditRows(activeId)).toHaveLength(0);
    expect(effects).toEqual([]);
  });

  it("writes the record, its audit row with before and after and the handler's reason, then runs the effects", async () => {
    effects.length = 0;
    const res = await deactivate(activeId, { reason: 'season over' });
    expect(res.statusCode).toBe(200);
    const { data, message } = res.json();
    expect(data).toMatchObject({ id: activeId, active: false });
    expect(message).toBe(`${data.code} switched off: season over`);
    expect(await isActive(activeId)).toBe(false);
    const [audit, ...more] = await auditRows(activeId);
    expect(more).toHaveLength(0);
    // The audit row holds the changed fields and the handler's facts (why); the answer only the record.
    expect(audit).toMatchObject({ action: 'deactivate', before: { active: true } });
    expect(audit.after).toEqual({ active: false, reason: 'season over' });
    expect(data).not.toHaveProperty('reason');
    expect(effects).toEqual([`deactivated ${activeId}`]);
  });

  it('documents the action in OpenAPI with its body', () => {
    const doc = t.app.swagger() as { paths: Record<string, Record<string, { summary?: string }>> };
    expect(doc.paths['/api/probe/probe-discounts/{id}/deactivate']?.post?.summary).toBe('Switch a discount off');
  });
});
