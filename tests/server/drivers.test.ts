import { Migrator, sql } from 'kysely';
import Fastify from 'fastify';
import type { Transaction } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../server/db/schema.js';
import { EXPIRY_CHECK_INTERVAL_MS, scheduleExpiryCheck } from '../../server/user/drivers/expiryCheck.js';
import { createDb } from '../../server/db/index.js';
import { migrateToLatest } from '../../server/db/migrate.js';
import { migrations } from '../../server/db/migrations/index.js';
import { cityToday, expireDocuments } from '../../server/user/drivers/documents.js';
import { flushReviewTexts } from '../../server/user/drivers/reviewTexts.js';
import { deriveApprovalStatus } from '../../src/domain/driverDocuments.js';
import { addDays } from '../../src/domain/dateRange.js';
import { DISPATCHER, startApp, type TestApp } from './harness.js';

interface Doc {
  id: number;
  kind: string;
  status: string;
  version: number;
  expiryDate: string | null;
  rejectReason: string | null;
  note: string | null;
  reviewedBy: number | null;
}

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startApp();
  admin = await t.login();
});
afterAll(() => t?.close());

/** A file the admin uploaded that no record holds yet (a record takes only such a file, issue 43). */
const ownFile = async () => {
  const me = await t.db
    .selectFrom('staffs')
    .select('id')
    .where('email', '=', 'admin@example.com')
    .executeTakeFirstOrThrow();
  const row = await t.db
    .insertInto('files')
    .values({
      filename: 'doc.png',
      contentType: 'image/png',
      size: 1,
      storageKey: crypto.randomUUID(),
      uploadedBy: me.id,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
};
const driver = async (id: number) => (await t.call('GET', `/api/user/drivers/${id}`, { token: admin })).json();
const act = (id: number, action: string, body: object, token = admin) =>
  t.call('POST', `/api/user/drivers/${id}/${action}`, { token, body });
const smsTo = (phone: string) =>
  (t.app.services.messenger.outbox ?? []).filter((m) => m.channel === 'sms' && m.to === phone);
const auditOf = (id: number, action: string) =>
  t.db
    .selectFrom('auditLogs')
    .selectAll()
    .where('resource', '=', 'drivers')
    .where('recordId', '=', String(id))
    .where('action', '=', action)
    .execute();

/** A seeded driver in a given state, with the documents as the API shows them. */
async function seeded(where: (d: { approvalStatus: string; documents: Doc[] }) => boolean, skip = 0) {
  const res = await t.call('GET', '/api/user/drivers', {
    token: admin,
    query: { range: '[0,499]', sort: '["id","ASC"]' },
  });
  const found = (res.json() as { id: number; phone: string; approvalStatus: string; documents: Doc[] }[]).filter(where);
  return found[skip];
}

describe('migration 006: driver documents from the JSON column', () => {
  it('turns every JSON document into a row, licence number and expiry included, and drops the column', async () => {
    const handle = await createDb({});
    try {
      const before = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < '006'));
      const migrator = new Migrator({ db: handle.db, provider: { getMigrations: async () => before } });
      const { error } = await migrator.migrateToLatest();
      expect(error).toBeUndefined();
      await sql`insert into files (filename, content_type, size, storage_key) values ('a.png', 'image/png', 1, 'k1'), ('b.pdf', 'application/pdf', 1, 'k2')`.execute(
        handle.db,
      );
      const docs = (n: number) =>
        JSON.stringify(
          [
            { kind: 'licence', fileId: 1, status: 'approved', note: null },
            { kind: 'identity', fileId: 2, status: 'pending', note: null },
            { kind: 'insurance', fileId: 2, status: 'rejected', note: 'Blurred' },
            { kind: 'insurance', fileId: 1, status: 'pending', note: null },
            { kind: 'vehicle_registration', fileId: 999, status: 'pending', note: null },
          ].slice(0, n),
        );
      await sql`insert into drivers (first_name, last_name, phone, licence_number, licence_expiry, documents) values
        ('A', 'One', '+254700000001', 'DL-1', '2028-01-31', ${docs(5)}::jsonb),
        ('B', 'Two', '+254700000002', null, null, ${docs(2)}::jsonb),
        ('C', 'Three', '+254700000003', null, null, '[]'::jsonb)`.execute(handle.db);
      const inJson = await sql<{ n: number }>`select sum(jsonb_array_length(documents))::int as n from drivers`.execute(
        handle.db,
      );

      await migrateToLatest(handle.db);

      const rows = await handle.db.selectFrom('driverDocuments').selectAll().orderBy('id').execute();
      expect(rows.length).toBe(inJson.rows[0].n);
      expect(rows.length).toBe(7);
      const first = rows.filter((r) => r.driverId === 1);
      expect(first.map((r) => [r.kind, r.status])).toEqual([
        ['licence', 'approved'],
        ['identity', 'pending'],
        ['insurance', 'rejected'],
        ['insurance', 'pending'],
        ['vehicle_registration', 'pending'],
      ]);
      expect(first[0]).toMatchObject({ number: 'DL-1', expiryDate: '2028-01-31', fileId: 1 });
      expect(first[2]).toMatchObject({ note: 'Blurred', rejectReason: 'other' });
      // A file that no longer exists leaves the document without a file rather than losing it.
      expect(first[4].fileId).toBeNull();
      const columns = await sql<{ column_name: string }>`select column_name from information_schema.columns
        where table_name = 'drivers' and column_name = 'documents'`.execute(handle.db);
      expect(columns.rows).toEqual([]);
    } finally {
      await handle.close();
    }
  });
});

describe('the seeded review work', () => {
  it('stores for every driver the status the rule derives, and has each kind of review work', async () => {
    const all = await t.db.selectFrom('drivers').select(['id', 'approvalStatus', 'suspendedAt', 'createdAt']).execute();
    const docs = await t.db
      .selectFrom('driverDocuments')
      .select(['id', 'driverId', 'kind', 'status', 'expiryDate'])
      .execute();
    const today = cityToday();
    for (const d of all) {
      const mine = docs.filter((x) => x.driverId === d.id);
      expect(deriveApprovalStatus({ suspended: d.suspendedAt !== null, documents: mine, today })).toBe(
        d.approvalStatus,
      );
    }
    const byDriver = (id: number) => docs.filter((x) => x.driverId === id);
    const newSignUps = all.filter(
      (d) => d.approvalStatus === 'pending' && byDriver(d.id).every((x) => x.status === 'pending'),
    );
    expect(newSignUps.length).toBeGreaterThan(5);
    // New sign-ups waited days, not months.
    for (const d of newSignUps) expect(Date.now() - d.createdAt.getTime()).toBeLessThan(12 * 86400_000);
    const reuploaded = all.filter((d) => {
      const insurance = byDriver(d.id).filter((x) => x.kind === 'insurance');
      return insurance.length === 2 && insurance[0].status === 'rejected' && insurance[1].status === 'pending';
    });
    expect(reuploaded.length).toBeGreaterThan(0);
    expect(docs.some((x) => x.kind === 'insurance' && x.status === 'expired' && x.expiryDate! < today)).toBe(true);
    expect(all.filter((d) => d.approvalStatus === 'suspended').length).toBeGreaterThan(0);
    expect(all.filter((d) => d.approvalStatus === 'rejected').length).toBeGreaterThan(0);
  });
});

describe('review actions', () => {
  it('refuses without update-Driver (403), and refuses bad input with field errors leaving data unchanged', async () => {
    const d = (await seeded((x) => x.documents.every((doc) => doc.status === 'pending')))!;
    const doc = d.documents[0];
    const dispatcher = await t.login(DISPATCHER.email, DISPATCHER.password);
    expect(
      (await act(d.id, 'approve-document', { documentId: doc.id, version: doc.version }, dispatcher)).statusCode,
    ).toBe(403);
    const noReason = await act(d.id, 'reject-document', { documentId: doc.id, version: doc.version });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors).toEqual({ reason: 'Choose a reason' });
    const otherWithoutNote = await act(d.id, 'reject-document', {
      documentId: doc.id,
      version: doc.version,
      reason: 'other',
    });
    expect(otherWithoutNote.json().errors).toEqual({ note: 'Say what is wrong when the reason is Other' });
    const badReason = await act(d.id, 'reject-document', { documentId: doc.id, version: doc.version, reason: 'ugly' });
    expect(badReason.json().errors.reason).toMatch(/^Reason must be one of/);
    const noVersion = await act(d.id, 'approve-document', { documentId: doc.id });
    expect(noVersion.statusCode).toBe(400);
    expect(Object.keys(noVersion.json().errors)).toEqual(['version']);
    const notTheirs = await act(d.id + 1, 'approve-document', { documentId: doc.id, version: doc.version });
    expect(notTheirs.statusCode).toBe(400);
    expect(notTheirs.json().errors).toEqual({ documentId: 'This driver has no such document' });
    const after = await driver(d.id);
    expect(after.documents).toEqual(d.documents);
    expect(after.approvalStatus).toBe('pending');
    expect(await auditOf(d.id, 'reject-document')).toEqual([]);
  });

  it('refuses every decision without update-Driver (403), changing nothing and texting no one', async () => {
    const d = (await seeded((x) => x.approvalStatus === 'suspended'))!;
    const doc = d.documents[0];
    const sent = smsTo(d.phone).length;
    const dispatcher = await t.login(DISPATCHER.email, DISPATCHER.password);
    for (const [action, body] of [
      ['approve-document', { documentId: doc.id, version: doc.version }],
      ['reject-document', { documentId: doc.id, version: doc.version, reason: 'unreadable' }],
      ['request-reupload', { documentId: doc.id, note: 'Upload a clearer copy.' }],
      ['upload-document', { kind: 'insurance', fileId: 1 }],
      ['suspend', { reason: 'Spot check failed.' }],
      ['reinstate', { reason: 'Cleared.' }],
    ] as const) {
      const res = await act(d.id, action, body, dispatcher);
      expect(res.statusCode, action).toBe(403);
    }
    expect(await driver(d.id)).toMatchObject({ approvalStatus: 'suspended', documents: d.documents });
    expect(smsTo(d.phone).length).toBe(sent);
  });

  it('refuses a rejection on a version someone else has just approved: "changed by someone else, reload"', async () => {
    const d = (await seeded((x) => x.documents.every((doc) => doc.status === 'pending'), 3))!;
    const doc = d.documents[0];
    // Two reviewers open the same document; the first approves it.
    expect((await act(d.id, 'approve-document', { documentId: doc.id, version: doc.version })).statusCode).toBe(200);
    const sent = smsTo(d.phone).length;
    const late = await act(d.id, 'reject-document', {
      documentId: doc.id,
      version: doc.version,
      reason: 'mismatch',
      note: 'Name differs.',
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('This document was changed by someone else. Reload to see its current state.');
    const now = (await driver(d.id)).documents.find((x: Doc) => x.id === doc.id);
    expect(now).toMatchObject({ status: 'approved', rejectReason: null, version: doc.version + 1 });
    expect(await auditOf(d.id, 'reject-document')).toEqual([]);
    expect(smsTo(d.phone).length).toBe(sent);
  });

  it('approves documents one by one; the last one makes the driver approved, with SMS and audit rows', async () => {
    const d = (await seeded((x) => x.documents.every((doc) => doc.status === 'pending'), 1))!;
    const sent = smsTo(d.phone).length;
    for (const [n, doc] of d.documents.entries()) {
      const res = await act(d.id, 'approve-document', { documentId: doc.id, version: doc.version });
      expect(res.statusCode).toBe(200);
      const last = n === d.documents.length - 1;
      expect(res.json().data.approvalStatus).toBe(last ? 'approved' : 'pending');
      if (last) expect(res.json().message).toMatch(/is now approved to drive/);
    }
    // One SMS for the review, not one per decision: nothing until the minute is over (flushed here).
    expect(smsTo(d.phone).length).toBe(sent);
    await flushReviewTexts(t.app.services.messenger);
    const sms = smsTo(d.phone);
    expect(sms.length - sent).toBe(1);
    expect(sms[0].text).toMatch(/^Ride Admin: Your driving licence was approved\. /);
    expect(sms[0].text).toMatch(/All your documents are approved/);
    expect(sms[0].text.match(/was approved/g)).toHaveLength(5);
    const audits = await auditOf(d.id, 'approve-document');
    expect(audits.length).toBe(5);
    expect(audits.every((a) => a.staffId !== null)).toBe(true);
    const final = await driver(d.id);
    expect(final.documents.every((doc: Doc) => doc.status === 'approved' && doc.reviewedBy !== null)).toBe(true);
    // Approving twice is refused: the later action sees the current state.
    const again = await act(d.id, 'approve-document', { documentId: d.documents[0].id, version: 2 });
    expect(again.statusCode).toBe(409);
  });

  it('rejects with a reason and note, texts them, and refuses a decision on a version someone else changed', async () => {
    const d = (await seeded((x) => x.documents.every((doc) => doc.status === 'pending'), 2))!;
    const doc = d.documents.find((x) => x.kind === 'insurance')!;
    const res = await act(d.id, 'reject-document', {
      documentId: doc.id,
      version: doc.version,
      reason: 'unreadable',
      note: 'The photo is blurred.',
    });
    expect(res.statusCode).toBe(200);
    const rejected = (res.json().data.documents as Doc[]).find((x) => x.id === doc.id)!;
    expect(rejected).toMatchObject({ status: 'rejected', rejectReason: 'unreadable', note: 'The photo is blurred.' });
    expect(res.json().data.approvalStatus).toBe('rejected');
    await flushReviewTexts(t.app.services.messenger);
    expect(smsTo(d.phone)[0].text).toBe(
      'Ride Admin: your insurance was rejected: it cannot be read. The photo is blurred. Please upload a new one in the driver app.',
    );
    const [audit] = await auditOf(d.id, 'reject-document');
    // The history says why: which document, the reason and the note.
    expect(audit.after).toMatchObject({
      approvalStatus: 'rejected',
      document: 'insurance',
      documentId: doc.id,
      reason: 'unreadable',
      note: 'The photo is blurred.',
    });
    expect(audit.staffId).not.toBeNull();

    // Another reviewer still holding the old version tries to approve it.
    const stale = await act(d.id, 'approve-document', { documentId: doc.id, version: doc.version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('This document was changed by someone else. Reload to see its current state.');
    expect((await driver(d.id)).documents.find((x: Doc) => x.id === doc.id).status).toBe('rejected');

    // The driver uploads a new one: it is the current insurance and waits for review.
    const upload = await act(d.id, 'upload-document', {
      kind: 'insurance',
      fileId: await ownFile(),
      expiryDate: '2027-12-31',
    });
    expect(upload.statusCode).toBe(200);
    expect(upload.json().data.approvalStatus).toBe('pending');
    // The old upload cannot be decided any more.
    const onOld = await act(d.id, 'approve-document', { documentId: doc.id, version: doc.version + 1 });
    expect(onOld.statusCode).toBe(409);
  });

  it('asks for a re-upload with a note, texted to the driver; the note is required', async () => {
    const d = (await seeded((x) => x.approvalStatus === 'approved'))!;
    const doc = d.documents.find((x) => x.kind === 'insurance')!;
    const missing = await act(d.id, 'request-reupload', { documentId: doc.id });
    expect(missing.json().errors).toEqual({ note: 'Tell the driver what to upload' });
    const res = await act(d.id, 'request-reupload', { documentId: doc.id, note: 'Your policy renews next week.' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.approvalStatus).toBe('approved');
    expect(smsTo(d.phone)[0].text).toMatch(/please upload a new insurance .*Your policy renews next week\./);
    const [reupload, ...more] = await auditOf(d.id, 'request-reupload');
    expect(more).toEqual([]);
    expect(reupload.after).toMatchObject({ document: 'insurance', note: 'Your policy renews next week.' });
  });

  it('suspends and reinstates with a required reason; the status follows the rule', async () => {
    const d = (await seeded((x) => x.approvalStatus === 'approved', 1))!;
    const noReason = await act(d.id, 'suspend', { reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors).toEqual({ reason: 'Give a reason' });
    expect((await driver(d.id)).approvalStatus).toBe('approved');
    const suspended = await act(d.id, 'suspend', { reason: 'Unsafe driving reported twice.' });
    expect(suspended.json().data).toMatchObject({
      approvalStatus: 'suspended',
      suspensionReason: 'Unsafe driving reported twice.',
    });
    expect(smsTo(d.phone)[0].text).toBe(
      'Ride Admin: your driver account is suspended. Reason: Unsafe driving reported twice.',
    );
    expect((await act(d.id, 'suspend', { reason: 'Again' })).statusCode).toBe(409);
    const reinstated = await act(d.id, 'reinstate', { reason: 'Investigation closed.' });
    expect(reinstated.json().data).toMatchObject({ approvalStatus: 'approved', suspendedAt: null });
    expect(smsTo(d.phone)[0].text).toMatch(/reinstated\. Investigation closed\./);
    const [suspendAudit] = await auditOf(d.id, 'suspend');
    expect(suspendAudit.after).toMatchObject({ reason: 'Unsafe driving reported twice.' });
    // The reinstatement's reason is kept only in the history (the driver's row clears the suspension).
    const [reinstateAudit, ...more] = await auditOf(d.id, 'reinstate');
    expect(more).toEqual([]);
    expect(reinstateAudit.after).toMatchObject({ reason: 'Investigation closed.', approvalStatus: 'approved' });
    const dispatcher = await t.login(DISPATCHER.email, DISPATCHER.password);
    expect((await act(d.id, 'suspend', { reason: 'No access' }, dispatcher)).statusCode).toBe(403);
  });
});

describe('the expiry check', () => {
  it('expires approved documents past their day, sends the driver back to review, and is idempotent', async () => {
    const d = (await seeded((x) => x.approvalStatus === 'approved', 2))!;
    const insurance = d.documents.find((x) => x.kind === 'insurance')!;
    const today = cityToday();
    await t.db
      .updateTable('driverDocuments')
      .set({ expiryDate: addDays(today, -1) })
      .where('id', '=', insurance.id)
      .execute();
    const readDriver = (id: number, trx: Parameters<Parameters<typeof expireDocuments>[1]>[1]) =>
      trx.selectFrom('drivers').select(['id', 'approvalStatus']).where('id', '=', id).executeTakeFirst();
    const first = await expireDocuments(t.db, readDriver);
    expect(first.documents).toBe(1);
    expect(first.drivers).toEqual([d.id]);
    const after = await driver(d.id);
    expect(after.approvalStatus).toBe('pending');
    expect(after.documents.find((x: Doc) => x.id === insurance.id).status).toBe('expired');
    const audits = await auditOf(d.id, 'documents-expired');
    expect(audits.length).toBe(1);
    expect(audits[0].staffId).toBeNull();
    expect(audits[0].after).toEqual({ approvalStatus: 'pending', expired: ['insurance'] });

    const second = await expireDocuments(t.db, readDriver);
    expect(second).toEqual({ documents: 0, drivers: [] });
    expect((await auditOf(d.id, 'documents-expired')).length).toBe(1);
  });
});

describe('the expiry check schedule', () => {
  it('runs once the app is ready and again every hour', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const app = Fastify({ logger: false });
    try {
      const first = (await seeded((x) => x.approvalStatus === 'approved', 3))!;
      const second = (await seeded((x) => x.approvalStatus === 'approved', 4))!;
      const expireInsurance = (d: typeof first) =>
        t.db
          .updateTable('driverDocuments')
          .set({ expiryDate: addDays(cityToday(), -1) })
          .where('id', '=', d.documents.find((x) => x.kind === 'insurance')!.id)
          .execute();
      const status = async (id: number) => ((await driver(id)) as { approvalStatus: string }).approvalStatus;
      await expireInsurance(first);
      app.decorate('services', { db: t.db } as never);
      scheduleExpiryCheck(app, {
        findRow: (id: number, trx: Transaction<Database>) =>
          trx.selectFrom('drivers').select(['id', 'approvalStatus']).where('id', '=', id).executeTakeFirst(),
      } as never);
      await app.ready();
      // At start: the first driver is back to review.
      expect(await status(first.id)).toBe('pending');
      await expireInsurance(second);
      expect(await status(second.id)).toBe('approved');
      // An hour later the check runs again and finds the second; the first is not touched again.
      await vi.advanceTimersByTimeAsync(EXPIRY_CHECK_INTERVAL_MS);
      for (let i = 0; i < 100 && (await status(second.id)) !== 'pending'; i++)
        await new Promise((r) => setTimeout(r, 50));
      expect(await status(second.id)).toBe('pending');
      expect((await auditOf(first.id, 'documents-expired')).length).toBe(1);
      expect((await auditOf(second.id, 'documents-expired')).length).toBe(1);
    } finally {
      await app.close();
      vi.useRealTimers();
    }
  });
});

describe('creating a driver', () => {
  it('stores the uploads as pending documents and puts the driver in the review queue', async () => {
    const res = await t.call('POST', '/api/user/drivers', {
      token: admin,
      body: {
        firstName: 'Wanjiru',
        lastName: 'Kamau',
        phone: '+254 711 000 111',
        documents: [
          { kind: 'licence', fileId: await ownFile(), number: 'DL-NEW1', expiryDate: '2029-01-31' },
          { kind: 'photo', fileId: await ownFile() },
        ],
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().approvalStatus).toBe('pending');
    expect(res.json().documents.map((x: Doc) => [x.kind, x.status])).toEqual([
      ['licence', 'pending'],
      ['photo', 'pending'],
    ]);
  });

  it('refuses a document without a file, or a kind twice, and stores nothing', async () => {
    const count = async () =>
      Number(
        (
          await t.db
            .selectFrom('drivers')
            .select(sql<number>`count(*)`.as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const noFile = await t.call('POST', '/api/user/drivers', {
      token: admin,
      body: { firstName: 'A', lastName: 'B', phone: '+254711000222', documents: [{ kind: 'licence' }] },
    });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().errors).toEqual({ 'documents[0].fileId': 'Upload the document' });
    const twice = await t.call('POST', '/api/user/drivers', {
      token: admin,
      body: {
        firstName: 'A',
        lastName: 'B',
        phone: '+254711000222',
        documents: [
          { kind: 'licence', fileId: 1 },
          { kind: 'licence', fileId: 2 },
        ],
      },
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().errors).toEqual({ documents: 'Upload each kind of document once' });
    expect(await count()).toBe(before);
  });

  it('refuses a bad phone, a phone already in use, a bad email or year as field errors, and stores nothing', async () => {
    const count = async () =>
      Number(
        (
          await t.db
            .selectFrom('drivers')
            .select(sql<number>`count(*)`.as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ) +
      Number(
        (
          await t.db
            .selectFrom('driverDocuments')
            .select(sql<number>`count(*)`.as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const create = (body: object) =>
      t.call('POST', '/api/user/drivers', {
        token: admin,
        body: { firstName: 'Otieno', lastName: 'Were', documents: [{ kind: 'licence', fileId: 1 }], ...body },
      });
    const badPhone = await create({ phone: '0711 000' });
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.json().errors).toEqual({
      phone: 'Enter a phone number, such as 0712 345 678 or +254 712 345 678',
    });
    const taken = (await t.db.selectFrom('drivers').select('phone').executeTakeFirstOrThrow()).phone;
    const duplicate = await create({ phone: taken });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().errors).toEqual({ phone: 'This phone is already in use' });
    const badFields = await create({ phone: '+254711000333', email: 'nope', vehicleYear: 1950 });
    expect(badFields.statusCode).toBe(400);
    expect(Object.keys(badFields.json().errors).sort()).toEqual(['email', 'vehicleYear']);
    expect(await count()).toBe(before);
  });

  it('does not let anyone set the approval status by hand', async () => {
    const d = (await seeded((x) => x.approvalStatus === 'rejected'))!;
    const res = await t.call('PUT', `/api/user/drivers/${d.id}`, {
      token: admin,
      body: { approvalStatus: 'approved', vehicleColour: 'Green' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ approvalStatus: 'rejected', vehicleColour: 'Green' });
  });
});

describe('the approved drivers list', () => {
  const list = (filter: object) =>
    t.call('GET', '/api/user/drivers', {
      token: admin,
      query: { filter: JSON.stringify(filter), range: '[0,499]' },
    });

  it('filters by online state, negative balance and rating, and says what a bad filter value is', async () => {
    const onTrip = (await list({ approvalStatus: 'approved', onlineState: 'on_trip' })).json() as {
      id: number;
      onlineState: string;
    }[];
    expect(onTrip.length).toBeGreaterThan(0);
    expect(onTrip.every((d) => d.onlineState === 'on_trip')).toBe(true);
    const active = await t.db
      .selectFrom('trips')
      .innerJoin('drivers', 'drivers.id', 'trips.driverId')
      .select('drivers.id')
      .distinct()
      .where('trips.status', 'in', ['requested', 'accepted', 'arrived', 'in_progress'])
      .where('drivers.approvalStatus', '=', 'approved')
      .execute();
    expect(onTrip.map((d) => d.id).sort((x, y) => x - y)).toEqual(active.map((a) => a.id).sort((x, y) => x - y));
    const offline = (await list({ onlineState: ['offline'] })).json() as { onlineState: string }[];
    expect(offline.every((d) => d.onlineState === 'offline')).toBe(true);

    await t.db.updateTable('drivers').set({ creditBalance: -120.5 }).where('id', '=', 3).execute();
    const owing = (await list({ negativeBalance: true })).json() as { id: number; creditBalance: number }[];
    expect(owing.map((d) => d.id)).toContain(3);
    expect(owing.every((d) => d.creditBalance < 0)).toBe(true);

    const low = (await list({ rating_lte: 4.5 })).json() as { rating: number; tripsCompleted: number }[];
    expect(low.every((d) => d.rating <= 4.5)).toBe(true);
    expect(typeof low[0].tripsCompleted).toBe('number');

    const bad = await list({ onlineState: 'asleep' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Filter "onlineState" must be one of: online, on_trip, offline');
    expect((await list({ negativeBalance: 'maybe' })).statusCode).toBe(400);

    // The unapproved list: every status but approved, narrowed by the queue's status filter.
    const unapproved = (await list({ unapproved: true })).json() as { approvalStatus: string }[];
    expect(new Set(unapproved.map((d) => d.approvalStatus))).toEqual(new Set(['pending', 'rejected', 'suspended']));
    const waiting = (await list({ unapproved: true, approvalStatus: 'pending' })).json() as {
      approvalStatus: string;
    }[];
    expect(waiting.length).toBeGreaterThan(0);
    expect(waiting.every((d) => d.approvalStatus === 'pending')).toBe(true);
  });
});

describe("the driver page's statistics", () => {
  const stats = (driverId: unknown) =>
    t.call('GET', '/api/trip/drivers/statistics', { token: admin, query: { driverId: String(driverId) } });

  it("sums this week's and this month's earnings in city time and rates the driver's cancellations over 30 days", async () => {
    const busiest = await sql<{ driverId: number }>`select driver_id as "driverId" from trips
      where driver_id is not null and requested_at > now() - interval '30 days'
      group by driver_id order by count(*) desc limit 1`.execute(t.db);
    const driverId = busiest.rows[0].driverId;
    const res = await stats(driverId);
    expect(res.statusCode).toBe(200);
    const body = res.json().data;
    const today = cityToday();
    expect(body.timeZone).toBe('Africa/Nairobi');
    expect(body.currency).toBe('KES');
    expect(body.month.from).toBe(`${today.slice(0, 8)}01`);
    expect(new Date(`${body.week.from}T12:00:00Z`).getUTCDay()).toBe(1);

    // The same figures straight from the trips, by their requested day in Nairobi.
    const direct = async (fromDay: string) =>
      (
        await sql<{ trips: number; completed: number; earnings: string }>`select count(*)::int as trips,
          (count(*) filter (where status = 'completed'))::int as completed,
          (coalesce(sum(fare_total) filter (where status = 'completed'), 0) + coalesce(sum(cancellation_fee), 0)
            - coalesce(sum(commission), 0))::numeric(12,2)::text as earnings
          from trips where driver_id = ${driverId}
            and (requested_at at time zone 'Africa/Nairobi')::date between ${fromDay}::date and ${today}::date`.execute(
          t.db,
        )
      ).rows[0];
    for (const period of ['week', 'month'] as const) {
      const expected = await direct(body[period].from);
      expect(body[period]).toMatchObject({ trips: expected.trips, completed: expected.completed });
      expect(body[period].earnings.toFixed(2)).toBe(expected.earnings);
    }
    expect(body.month.trips).toBeGreaterThan(0);

    const since = addDays(today, -29);
    const rates = (
      await sql<{ given: number; cancelled: number }>`select count(*)::int as given,
        (count(*) filter (where status = 'cancelled_by_driver'))::int as cancelled from trips
        where driver_id = ${driverId} and (requested_at at time zone 'Africa/Nairobi')::date >= ${since}::date`.execute(
        t.db,
      )
    ).rows[0];
    expect(body.last30Days).toMatchObject({
      from: since,
      to: today,
      given: rates.given,
      cancelledByDriver: rates.cancelled,
      cancellationRate: rates.cancelled / rates.given,
    });
  });

  it('rates the offers the driver accepted over those answered or expired in 30 days, leaving out withdrawn, pending and older ones', async () => {
    const { rows } = await sql<{ driverId: number; tripId: number }>`select d.id as "driverId",
        (select id from trips order by id limit 1) as "tripId"
      from drivers d where d.approval_status = 'approved' order by d.id desc limit 1`.execute(t.db);
    const { driverId, tripId } = rows[0];
    const before = (await stats(driverId)).json().data.last30Days;
    const offer = (outcome: string | null, daysAgo: number) =>
      sql`insert into trip_offers (trip_id, driver_id, attempt, radius_km, distance_km, sent_at, expires_at, answered_at, outcome)
        values (${tripId}, ${driverId}, 1, 2, 1, now() - make_interval(days => ${daysAgo}),
          now() - make_interval(days => ${daysAgo}) + interval '15 seconds', ${outcome === null ? null : sql`now()`}, ${outcome})`;
    // Answered in 30 days: 3 accepted, 1 declined, 1 timed out. Not counted: withdrawn, 40 days old.
    for (const [outcome, daysAgo] of [
      ['accepted', 1],
      ['accepted', 2],
      ['accepted', 20],
      ['declined', 3],
      ['timeout', 4],
      ['cancelled', 5],
      ['declined', 40],
    ] as const)
      await offer(outcome, daysAgo).execute(t.db);
    const after = (await stats(driverId)).json().data.last30Days;
    expect(after.offersAccepted - before.offersAccepted).toBe(3);
    expect(after.offersDeclined - before.offersDeclined).toBe(1);
    expect(after.offersTimedOut - before.offersTimedOut).toBe(1);
    const answered = after.offersAccepted + after.offersDeclined + after.offersTimedOut;
    expect(after.acceptanceRate).toBeCloseTo(after.offersAccepted / answered, 10);
    await sql`delete from trip_offers where driver_id = ${driverId} and trip_id = ${tripId}`.execute(t.db);
  });

  it('answers a driver without trips with zeros and no rate, an unknown driver with 404, a bad id with 400', async () => {
    const idle = await sql<{ id: number }>`select id from drivers d
      where not exists (select 1 from trips t where t.driver_id = d.id) order by id limit 1`.execute(t.db);
    if (idle.rows.length) {
      const body = (await stats(idle.rows[0].id)).json().data;
      expect(body.week).toMatchObject({ trips: 0, earnings: 0 });
      expect(body.last30Days.cancellationRate).toBeNull();
      expect(body.last30Days.acceptanceRate).toBeNull();
    }
    expect((await stats(999_999)).statusCode).toBe(404);
    const bad = await stats('abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ driverId: 'Choose a driver' });
    expect((await t.call('GET', '/api/trip/drivers/statistics', { query: { driverId: '1' } })).statusCode).toBe(401);
  });
});

describe('dates on drivers: 1900-01-01 … 2099-12-31, and no expired licence at sign-up', () => {
  it('refuses a licence expiring in 1850 or 2150, and an impossible day, leaving the driver unchanged', async () => {
    const one = await t.db
      .selectFrom('drivers')
      .select(['id', 'licenceExpiry'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    for (const [value, message] of [
      ['1850-06-01', 'Licence expiry must be between 1 Jan 1900 and 31 Dec 2099'],
      ['2150-01-01', 'Licence expiry must be between 1 Jan 1900 and 31 Dec 2099'],
      ['2027-02-30', 'Licence expiry: use a date such as 2027-12-31'],
    ]) {
      const res = await t.call('PUT', `/api/user/drivers/${one.id}`, { token: admin, body: { licenceExpiry: value } });
      expect(res.statusCode, value).toBe(400);
      expect(res.json().errors.licenceExpiry).toBe(message);
    }
    const after = await t.db
      .selectFrom('drivers')
      .select('licenceExpiry')
      .where('id', '=', one.id)
      .executeTakeFirstOrThrow();
    expect(String(after.licenceExpiry)).toBe(String(one.licenceExpiry));
    const fine = await t.call('PUT', `/api/user/drivers/${one.id}`, {
      token: admin,
      body: { licenceExpiry: '2099-12-31' },
    });
    expect(fine.statusCode, fine.body).toBe(200);
  });

  it('refuses a sign-up whose licence has already expired, creating nothing', async () => {
    const phone = '+254799777001';
    const body = { firstName: 'Old', lastName: 'Licence', phone, licenceExpiry: addDays(cityToday(), -1) };
    const res = await t.call('POST', '/api/user/drivers/register', { body });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ licenceExpiry: 'Licence expiry cannot be in the past' });
    expect(await t.db.selectFrom('drivers').select('id').where('phone', '=', phone).executeTakeFirst()).toBeUndefined();
    const ok = await t.call('POST', '/api/user/drivers/register', {
      body: { ...body, licenceExpiry: addDays(cityToday(), 30) },
    });
    expect(ok.statusCode, ok.body).toBe(201);
  });
});
