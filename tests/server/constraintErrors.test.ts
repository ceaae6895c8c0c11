import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from './harness.js';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startApp();
  admin = await t.login();
});
afterAll(() => t?.close());

describe('database constraint errors answer 400 or 409 naming the field (issue 25)', () => {
  it.each([
    ['drivers', null],
    ['drivers', ''],
    ['passengers', null],
    ['passengers', ''],
  ])('PUT %s/1 {"phone": %j} is a 400 on phone, and the record keeps its phone', async (resource, phone) => {
    const before = await t.db
      .selectFrom(resource as 'drivers')
      .select('phone')
      .where('id', '=', 1)
      .executeTakeFirst();
    const res = await t.call('PUT', `/api/user/${resource}/1`, { token: admin, body: { phone } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty('phone');
    const after = await t.db
      .selectFrom(resource as 'drivers')
      .select('phone')
      .where('id', '=', 1)
      .executeTakeFirst();
    expect(after).toEqual(before);
  });

  it('a not-null violation met inside any route names the column', async () => {
    const { fromDatabaseError } = await import('../../server/errors.js');
    const e = await t.db
      .insertInto('sosContacts')
      .values({ name: null as unknown as string, phone: '+254700000000' })
      .execute()
      .catch((err: unknown) => err);
    const api = fromDatabaseError(e as never);
    expect(api?.statusCode).toBe(400);
    expect(api?.errors).toEqual({ name: 'name is required' });
  });

  it('a check violation names the column it guards', async () => {
    const { fromDatabaseError } = await import('../../server/errors.js');
    const e = await t.db
      .updateTable('staffs')
      .set({ status: 'nonsense' })
      .where('id', '=', 1)
      .execute()
      .catch((err: unknown) => err);
    const api = fromDatabaseError(e as never);
    expect(api?.statusCode).toBe(400);
    expect(api?.errors).toEqual({ status: 'This status is not allowed' });
  });

  it('answers the codes of a check and a foreign-key violation, so the panel says them in its language', async () => {
    const { errorBody, fromDatabaseError } = await import('../../server/errors.js');
    const check = await t.db
      .updateTable('staffs')
      .set({ status: 'nonsense' })
      .where('id', '=', 1)
      .execute()
      .catch((err: unknown) => err);
    const refused = fromDatabaseError(check as never)!;
    expect(errorBody(refused.message, refused.errors)).toEqual({
      message: 'This status is not allowed',
      code: 'fieldNotAllowed',
      params: { label: 'status' },
      errors: { status: 'This status is not allowed' },
      codes: { status: { code: 'fieldNotAllowed', params: { label: 'status' } } },
    });
    const missing = await t.db
      .updateTable('staffs')
      .set({ roleId: 999_999 })
      .where('id', '=', 1)
      .execute()
      .catch((err: unknown) => err);
    const unknown = fromDatabaseError(missing as never)!;
    expect(unknown.statusCode).toBe(400);
    expect(errorBody(unknown.message, unknown.errors)).toEqual({
      message: 'The referenced roleId does not exist',
      code: 'referencedMissing',
      params: { label: 'roleId' },
      errors: { roleId: 'Does not exist' },
      codes: { roleId: { code: 'doesNotExist', params: {} } },
    });
  });
});

describe('the last plain-English refusals carry their code (issue 28)', () => {
  it('a letter reference that was never issued: 404 "No letter with reference …", code noLetter', async () => {
    const res = await t.call('GET', '/api/trip/reports/driver-revenue-letters/DRL-2026-999999/pdf', { token: admin });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({
      message: 'No letter with reference DRL-2026-999999',
      code: 'noLetter',
      params: { reference: 'DRL-2026-999999' },
    });
  });

  it('a document added without its upload: 400 "Upload the document first", code uploadDocumentFirst', async () => {
    const driver = await t.db.selectFrom('drivers').select('id').orderBy('id').executeTakeFirstOrThrow();
    const documents = () =>
      t.db.selectFrom('driverDocuments').selectAll().where('driverId', '=', driver.id).orderBy('id').execute();
    const before = await documents();
    const res = await t.call('POST', `/api/user/drivers/${driver.id}/upload-document`, {
      token: admin,
      body: { kind: 'licence', fileId: 999_999, number: 'DL-28', expiryDate: '2030-01-01' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'Upload the document first',
      code: 'uploadDocumentFirst',
      codes: { fileId: { code: 'noSuch', params: { label: 'uploaded file' } } },
    });
    expect(await documents()).toEqual(before);
  });
});
