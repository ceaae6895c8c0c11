import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mondayOf, toCents, weekFrom } from '../../src/domain/payouts.js';
import { loginRole, startApp, type TestApp } from './harness.js';

/**
 * Drivers' payout details: how each is paid (M-Pesa or bank), the bank details a bank payout
 * needs (refused with the field named, nothing written), the account number never answered in
 * clear, changed only with update-Driver and audited; and the bank transfer file of a payout batch
 * on the demo data, which pays exactly the bank drivers, where they were paid when the batch was
 * approved; the approval is refused while a driver cannot be paid.
 */
let t: TestApp;
let admin: string;
let finance: string;
let support: string;
beforeAll(async () => {
  t = await startApp();
  admin = await t.login();
  finance = await loginRole(t, 'Finance');
  support = await loginRole(t, 'Support Agent');
});
afterAll(() => t?.close());

const stored = (id: number) =>
  t.db
    .selectFrom('drivers')
    .select([
      'payoutMethod',
      'bankCode',
      'bankBranchCode',
      'bankAccountHolder',
      'bankAccountNumber',
      'payoutDetailsUpdatedAt',
      'updatedAt',
    ])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
const put = (id: number, body: object, token = finance) => t.call('PUT', `/api/user/drivers/${id}`, { token, body });
const firstDriver = async (method: 'mobile_money' | 'bank') =>
  await t.db
    .selectFrom('drivers')
    .select(['id', 'bankAccountNumber'])
    .where('payoutMethod', '=', method)
    .orderBy('id')
    .executeTakeFirstOrThrow();

const EQUITY = {
  payoutMethod: 'bank',
  bankAccountHolder: 'JANE WANJIKU',
  bankCode: '68',
  bankBranchCode: '045',
  bankAccountNumber: '0450 1987 65432',
};

describe('driver payout details', () => {
  it('seeds a mix of M-Pesa and Kenyan banks, and answers only the masked account number, to every role', async () => {
    const mix = await t.db
      .selectFrom('drivers')
      .select(['payoutMethod', 'bankCode', sql<number>`count(*)::int`.as('n')])
      .groupBy(['payoutMethod', 'bankCode'])
      .execute();
    expect(mix.filter((m) => m.payoutMethod === 'bank').length).toBeGreaterThanOrEqual(5);
    expect(mix.find((m) => m.payoutMethod === 'mobile_money')!.n).toBeGreaterThan(50);
    const bank = await firstDriver('bank');
    for (const token of [admin, finance, support]) {
      const one = await t.call('GET', `/api/user/drivers/${bank.id}`, { token });
      expect(one.statusCode).toBe(200);
      expect(one.json()).toMatchObject({
        payoutMethod: 'bank',
        bankAccountMasked: `••••${bank.bankAccountNumber!.slice(-4)}`,
      });
      expect(one.body).not.toContain(bank.bankAccountNumber);
      const list = await t.call('GET', '/api/user/drivers', { token, query: { range: '[0,499]' } });
      expect(list.body).not.toContain(bank.bankAccountNumber);
    }
    const exported = await t.call('GET', '/api/user/drivers/export', { token: admin });
    expect(exported.statusCode).toBe(200);
    expect(exported.body).not.toContain(bank.bankAccountNumber);
  });

  it('refuses incomplete or malformed bank details with the field named, and writes nothing', async () => {
    const { id } = await firstDriver('mobile_money');
    const before = await stored(id);
    const cases: [object, Record<string, string>][] = [
      [{ payoutMethod: 'bank' }, { bankAccountHolder: 'Account holder is required to pay by bank' }],
      [{ ...EQUITY, bankAccountNumber: undefined }, { bankAccountNumber: 'Account number is required to pay by bank' }],
      [{ ...EQUITY, bankBranchCode: '' }, { bankBranchCode: 'Branch code is required to pay by bank' }],
      [
        { ...EQUITY, bankAccountNumber: '0450198765X' },
        { bankAccountNumber: 'Account number must be 8 to 16 digits, nothing else' },
      ],
      [
        { ...EQUITY, bankAccountNumber: '1234567' },
        { bankAccountNumber: 'Account number must be 8 to 16 digits, nothing else' },
      ],
      [
        { ...EQUITY, bankAccountNumber: '12345678901234567' },
        { bankAccountNumber: 'Account number must be 8 to 16 digits, nothing else' },
      ],
      [{ ...EQUITY, bankBranchCode: '45' }, { bankBranchCode: 'Branch code must be 3 digits' }],
      [
        { ...EQUITY, bankCode: '99' },
        { bankCode: expect.stringMatching(/^Bank must be one of: 01, 02/) as unknown as string },
      ],
      [{ ...EQUITY, payoutMethod: 'cheque' }, { payoutMethod: 'Payout method must be one of: mobile_money, bank' }],
    ];
    for (const [body, errors] of cases) {
      const res = await put(id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors).toEqual(errors);
    }
    expect(await stored(id)).toEqual(before);
  });

  it('lets update-Driver set the details, stores the digits, answers them masked and audits the change', async () => {
    const { id } = await firstDriver('mobile_money');
    const res = await put(id, EQUITY);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('0450198765432');
    expect(res.json()).toMatchObject({ payoutMethod: 'bank', bankCode: '68', bankAccountMasked: '••••5432' });
    expect(await stored(id)).toMatchObject({ bankAccountNumber: '0450198765432', bankBranchCode: '045' });
    // A new number with the same last 4 digits: only the number is sent, the rest is kept.
    const again = await put(id, { bankAccountNumber: '99999998765432' });
    expect(again.statusCode).toBe(200);
    expect(await stored(id)).toMatchObject({
      bankAccountNumber: '99999998765432',
      bankCode: '68',
      payoutMethod: 'bank',
    });
    const audits = await t.db
      .selectFrom('auditLogs')
      .select(['before', 'after', 'staffId'])
      .where('resource', '=', 'drivers')
      .where('recordId', '=', String(id))
      .where('action', '=', 'update')
      .orderBy('id')
      .execute();
    expect(audits).toHaveLength(2);
    expect(audits[0].after).toMatchObject({ payoutMethod: 'bank', bankAccountMasked: '••••5432' });
    // The second change reads the same masked, yet the log has it: the details' change time moved.
    expect(Object.keys(audits[1].after as object)).toContain('payoutDetailsUpdatedAt');
    expect(JSON.stringify(audits)).not.toMatch(/0450198765432|99999998765432/);
  });

  it('refuses the change to staff without update-Driver, and writes nothing', async () => {
    const { id } = await firstDriver('mobile_money');
    const before = await stored(id);
    const res = await put(id, EQUITY, support);
    expect(res.statusCode).toBe(403);
    expect(await stored(id)).toEqual(before);
  });
});

/** Issue 43, section 5: payout details have their own permission; Finance no longer holds update-Driver. */
describe('update-DriverPayoutDetails', () => {
  it('lets Finance change payout details but neither suspend a driver, alone or in bulk, nor edit the rest', async () => {
    const driver = await t.db
      .selectFrom('drivers')
      .select(['id', 'suspendedAt', 'vehicleColour'])
      .where('suspendedAt', 'is', null)
      .where('payoutMethod', '=', 'mobile_money')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const suspend = await t.call('POST', `/api/user/drivers/${driver.id}/suspend`, {
      token: finance,
      body: { reason: 'Spot check failed.' },
    });
    expect(suspend.statusCode).toBe(403);
    expect(suspend.json().message).toContain('update-Driver');
    const bulk = await t.call('POST', '/api/user/drivers/bulk/suspend', {
      token: finance,
      body: { ids: [driver.id], reason: 'Spot check failed.' },
    });
    expect(bulk.statusCode).toBe(403);
    const colour = await put(driver.id, { vehicleColour: 'Purple' });
    expect(colour.statusCode).toBe(403);
    expect(colour.json().message).toBe('Missing permission update-Driver');
    const mixed = await put(driver.id, { ...EQUITY, vehicleColour: 'Purple' });
    expect(mixed.statusCode).toBe(403);
    expect(
      await t.db
        .selectFrom('drivers')
        .select(['suspendedAt', 'vehicleColour', 'payoutMethod'])
        .where('id', '=', driver.id)
        .executeTakeFirstOrThrow(),
    ).toEqual({ suspendedAt: null, vehicleColour: driver.vehicleColour, payoutMethod: 'mobile_money' });
    // The payout details alone: allowed.
    expect((await put(driver.id, EQUITY)).statusCode).toBe(200);
    // An admin still may do both (Super Admin holds every permission).
    expect((await put(driver.id, { vehicleColour: 'Purple', payoutMethod: 'mobile_money' }, admin)).statusCode).toBe(
      200,
    );
  });

  it('migration 072 moves the grants: holders of update-Driver get the new permission, Finance gives update-Driver up', async () => {
    const { up } = await import('../../server/db/migrations/072_driver_payout_details_permission.js');
    const grants = async (role: string) =>
      (
        await t.db
          .selectFrom('rolePermissions')
          .innerJoin('roles', 'roles.id', 'rolePermissions.roleId')
          .innerJoin('permissions', 'permissions.id', 'rolePermissions.permissionId')
          .select('permissions.name')
          .where('roles.name', '=', role)
          .where('permissions.name', 'in', ['update-Driver', 'update-DriverPayoutDetails'])
          .orderBy('permissions.name')
          .execute()
      ).map((r) => r.name);
    expect(await grants('Finance')).toEqual(['update-DriverPayoutDetails']);
    // Today's database: Finance holds update-Driver, nobody the new permission.
    const id = async (table: 'roles' | 'permissions', name: string) =>
      (await t.db.selectFrom(table).select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
    const payout = await id('permissions', 'update-DriverPayoutDetails');
    await t.db.deleteFrom('rolePermissions').where('permissionId', '=', payout).execute();
    await t.db
      .insertInto('rolePermissions')
      .values({ roleId: await id('roles', 'Finance'), permissionId: await id('permissions', 'update-Driver') })
      .execute();
    await up(t.db as unknown as Kysely<unknown>);
    expect(await grants('Finance')).toEqual(['update-DriverPayoutDetails']);
    expect(await grants('Super Admin')).toEqual(['update-Driver', 'update-DriverPayoutDetails']);
    await t.app.services.principals.changed({ kind: 'all' });
  });
});

describe('the payout batch bank transfer file', () => {
  let batchId: number;
  let total: number;
  beforeAll(async () => {
    const last = await t.db
      .selectFrom('trips')
      .select(sql<Date>`max(completed_at)`.as('at'))
      .executeTakeFirstOrThrow();
    const week = weekFrom(
      mondayOf(new Date(Date.parse(weekFrom(mondayOf(new Date(last.at))).start) - 86400_000)),
    ).start;
    const res = await t.call('POST', '/api/trip/payout-batches/prepare', { token: admin, body: { periodStart: week } });
    expect(res.statusCode).toBe(201);
    batchId = res.json().data.id as number;
    total = toCents(res.json().data.total as number);
  });
  const file = (name: string, token = admin) => t.call('GET', `/api/trip/payout-batches/${batchId}/${name}`, { token });
  const approve = () => t.call('POST', `/api/trip/payout-batches/${batchId}/approve`, { token: finance });

  it('needs update-Driver and an approved batch (four eyes)', async () => {
    expect((await file('bank.csv', support)).statusCode).toBe(403);
    expect((await file('payment-files', support)).statusCode).toBe(403);
    const early = await file('bank.csv');
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('Approve the batch before exporting its payments.');
  });

  it('refuses the approval while a driver cannot be paid, naming the driver and why; fixing the details is enough', async () => {
    const line = await t.db
      .selectFrom('payoutLines as l')
      .innerJoin('drivers as d', 'd.id', 'l.driverId')
      .select(['l.driverId', 'l.driverName', 'd.bankAccountNumber'])
      .where('l.batchId', '=', batchId)
      .where('d.payoutMethod', '=', 'bank')
      .where('l.amount', '>', 0 as never)
      .orderBy('l.driverId')
      .executeTakeFirstOrThrow();
    // Details the API would not accept, as an older import could have left them.
    await t.db.updateTable('drivers').set({ bankAccountNumber: null }).where('id', '=', line.driverId).execute();
    const summary = (await file('payment-files')).json();
    expect(summary.refused).toEqual([
      expect.objectContaining({
        driverId: line.driverId,
        driverName: line.driverName,
        payoutMethod: 'bank',
        field: 'bankAccountNumber',
        reason: 'Account number is required to pay by bank',
      }),
    ]);
    const refused = await approve();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      `1 driver(s) cannot be paid: ${line.driverName} (Account number is required to pay by bank). Fix their payout details first.`,
    );
    const batch = await t.db
      .selectFrom('payoutBatches')
      .select('status')
      .where('id', '=', batchId)
      .executeTakeFirstOrThrow();
    expect(batch.status).toBe('review');
    await t.db
      .updateTable('drivers')
      .set({ bankAccountNumber: line.bankAccountNumber })
      .where('id', '=', line.driverId)
      .execute();
    expect((await approve()).statusCode).toBe(200);
  });

  it('pays every bank driver with their stored details, and no one else; with M-Pesa, the batch total to the cent', async () => {
    const res = await file('bank.csv', finance);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="payouts-\d{4}-\d{2}-\d{2}-bank\.csv"/);
    const rows = res.body
      .trim()
      .split('\r\n')
      .slice(1)
      .map((r) => r.split(','));
    const lines = await t.db
      .selectFrom('payoutLines as l')
      .innerJoin('drivers as d', 'd.id', 'l.driverId')
      .select([
        'l.driverId',
        sql<string>`l.amount::text`.as('amount'),
        'd.payoutMethod',
        'd.bankAccountHolder',
        'd.bankAccountNumber',
        'd.bankCode',
        'd.bankBranchCode',
      ])
      .where('l.batchId', '=', batchId)
      .where('l.amount', '>', 0 as never)
      .execute();
    const bankLines = lines.filter((l) => l.payoutMethod === 'bank');
    expect(bankLines.length).toBeGreaterThan(0);
    expect(rows).toHaveLength(bankLines.length);
    for (const l of bankLines) {
      const row = rows.find((r) => r[6] === `PAYOUT-${batchId}-${l.driverId}`)!;
      expect(row.slice(0, 6)).toEqual([
        l.bankAccountHolder,
        l.bankAccountNumber,
        l.bankCode,
        l.bankBranchCode,
        (toCents(l.amount) / 100).toFixed(2),
        'KES',
      ]);
    }
    const mpesa = (await file('mpesa.csv', finance)).body.trim().split('\r\n').slice(1);
    expect(mpesa).toHaveLength(lines.length - bankLines.length);
    const sum = rows.reduce((s, r) => s + toCents(r[4]), 0) + mpesa.reduce((s, r) => s + toCents(r.split(',')[1]), 0);
    expect(sum).toBe(total);
    const summary = (await file('payment-files', finance)).json();
    expect(summary.refused).toEqual([]);
    expect(toCents(summary.mpesa.total) + toCents(summary.bank.total)).toBe(total);
  });

  it('pays an approved line where it was approved: a bank account changed afterwards does not redirect it', async () => {
    const line = await t.db
      .selectFrom('payoutDestinations as p')
      .innerJoin('payoutLines as l', (join) =>
        join.onRef('l.batchId', '=', 'p.batchId').onRef('l.driverId', '=', 'p.driverId'),
      )
      .select(['p.driverId', 'p.bankAccountNumber'])
      .where('p.batchId', '=', batchId)
      .where('p.payoutMethod', '=', 'bank')
      .where('l.amount', '>', 0 as never)
      .orderBy('p.driverId')
      .executeTakeFirstOrThrow();
    expect(line.bankAccountNumber).toMatch(/^\d{8,16}$/);
    expect((await put(line.driverId, { bankAccountNumber: '11112222333344' })).statusCode).toBe(200);
    const rows = (await file('bank.csv')).body.trim().split('\r\n');
    const row = rows.find((r) => r.includes(`PAYOUT-${batchId}-${line.driverId},`))!;
    expect(row.split(',')[1]).toBe(line.bankAccountNumber);
    expect(rows.join('\n')).not.toContain('11112222333344');
  });

  it('describes the bank file in the OpenAPI document', async () => {
    const doc = (await t.call('GET', '/api/docs/json')).json();
    const route = doc.paths['/api/trip/payout-batches/{id}/bank.csv'];
    expect(route.get.summary).toBe('A payout batch as a bulk bank transfer (EFT) file (CSV)');
    expect(route.get.description).toContain('Beneficiary Name, Account Number');
    expect(doc.paths['/api/trip/payout-batches/{id}/payment-files'].get).toBeDefined();
  });
});
