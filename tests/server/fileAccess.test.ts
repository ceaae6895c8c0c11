import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISPATCHER, loginRole, startApp, type TestApp } from './harness.js';
import { fileAccess } from '../../server/user/files/access.js';

/** Issue 25, section 3: a stored file is readable by whoever may view the record that owns it. */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);
const boundary = '----issue25';
const multipart = Buffer.concat([
  Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="doc.png"\r\nContent-Type: image/png\r\n\r\n`,
  ),
  PNG,
  Buffer.from(`\r\n--${boundary}--\r\n`),
]);

let t: TestApp;
let admin: string;
let dispatcher: string;
let support: string;
const upload = async (token: string) => {
  const res = await t.call('POST', '/api/user/files', {
    token,
    body: multipart,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  expect(res.statusCode).toBe(201);
  return res.json().data.id as number;
};
const read = (id: number, token: string) => t.call('GET', `/api/user/files/${id}`, { token });

beforeAll(async () => {
  t = await startApp({ rateLimits: { loginPerIp: 1000, perEmail: 1000, windowMs: 60_000, global: 0 } });
  admin = await t.login();
  dispatcher = await t.login(DISPATCHER.email, DISPATCHER.password);
  support = await loginRole(t, 'Support Agent');
});
afterAll(() => t?.close());

describe('GET /api/user/files/:id (issue 25)', () => {
  it("a driver's document: 403 for the dispatcher (no view-Driver), 200 for those who may view drivers", async () => {
    const fileId = await upload(admin);
    const driver = await t.db.selectFrom('drivers').select('id').orderBy('id').executeTakeFirstOrThrow();
    const added = await t.call('POST', `/api/user/drivers/${driver.id}/upload-document`, {
      token: admin,
      body: { kind: 'licence', fileId, number: 'DL-25', expiryDate: '2030-01-01' },
    });
    expect(added.statusCode).toBe(200);
    expect((await t.call('GET', `/api/user/drivers/${driver.id}`, { token: dispatcher })).statusCode).toBe(403);
    const refused = await read(fileId, dispatcher);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain('PNG');
    expect((await read(fileId, support)).statusCode).toBe(200);
    expect((await read(fileId, admin)).rawPayload.equals(PNG)).toBe(true);
  });

  it("a staff photo: that staff member's own, or for view-Staff", async () => {
    const fileId = await upload(admin);
    await t.db.updateTable('staffs').set({ photo: fileId }).where('email', '=', DISPATCHER.email).execute();
    expect((await read(fileId, dispatcher)).statusCode).toBe(200);
    expect((await read(fileId, admin)).statusCode).toBe(200);
    expect((await read(fileId, support)).statusCode).toBe(403);
  });

  it("unknown files, and another's upload that no record owns, are 404; one's own is readable", async () => {
    expect((await read(999_999, admin)).statusCode).toBe(404);
    const orphan = await upload(admin);
    expect((await read(orphan, dispatcher)).statusCode).toBe(404);
    expect((await read(orphan, admin)).statusCode).toBe(200);
  });

  it('the rule', () => {
    const staff = (id: number, ...permissions: string[]) => ({ id, permissions: new Set(permissions) });
    const none = { driver: false, staffIds: [], vehicleType: false, uploadedBy: 1 };
    expect(fileAccess({ ...none, driver: true }, staff(2))).toBe('forbidden');
    expect(fileAccess({ ...none, driver: true }, staff(2, 'view-Driver'))).toBe('read');
    expect(fileAccess({ ...none, staffIds: [2] }, staff(2))).toBe('read');
    expect(fileAccess({ ...none, staffIds: [3] }, staff(2, 'view-Driver'))).toBe('forbidden');
    expect(fileAccess({ ...none, staffIds: [3] }, staff(2, 'view-Staff'))).toBe('read');
    expect(fileAccess({ ...none, vehicleType: true }, staff(2))).toBe('read');
    expect(fileAccess(none, staff(1))).toBe('read');
    expect(fileAccess(none, staff(2, 'view-Driver', 'view-Staff'))).toBe('unknown');
    // A link the reader made (their photo set to a driver's or another's file) widens nothing.
    expect(fileAccess({ ...none, driver: true, staffIds: [2] }, staff(2))).toBe('forbidden');
    expect(fileAccess({ ...none, staffIds: [3, 2] }, staff(2))).toBe('forbidden');
    expect(fileAccess({ ...none, vehicleType: true, driver: true }, staff(2))).toBe('forbidden');
    expect(fileAccess({ ...none, vehicleType: true, driver: true }, staff(2, 'view-Driver'))).toBe('read');
  });
});

/** Issue 43, section 1: a record takes only its writer's own unattached upload of the right kind. */
describe('borrowed files (issue 43)', () => {
  const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
  const uploadPdf = async (token: string) => {
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="doc.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      PDF,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await t.call('POST', '/api/user/files', {
      token,
      body,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.id as number;
  };
  const profile = (token: string, photo: number | null) =>
    t.call('PUT', '/api/user/auth/profile', { token, body: { firstName: 'X', lastName: 'Y', photo } });
  const photoOf = async (email: string) =>
    (await t.db.selectFrom('staffs').select('photo').where('email', '=', email).executeTakeFirstOrThrow()).photo;

  it("the dispatcher cannot take a driver's licence as their photo, and the licence stays 403", async () => {
    const licence = await t.db
      .selectFrom('driverDocuments')
      .select('fileId')
      .where('kind', '=', 'licence')
      .where('fileId', 'is not', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const before = await photoOf(DISPATCHER.email);
    expect((await read(licence.fileId!, dispatcher)).statusCode).toBe(403);
    const res = await profile(dispatcher, licence.fileId!);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ photo: 'This file belongs to someone else: upload your own file' });
    expect(await photoOf(DISPATCHER.email)).toBe(before);
    expect((await read(licence.fileId!, dispatcher)).statusCode).toBe(403);
  });

  it("another staff member's photo, another's unattached upload, and a PDF as a photo are refused", async () => {
    const adminsPhoto = await upload(admin);
    expect((await profile(admin, adminsPhoto)).statusCode).toBe(200);
    expect((await profile(support, adminsPhoto)).statusCode).toBe(400);
    expect((await read(adminsPhoto, support)).statusCode).toBe(403);
    const adminsLoose = await upload(admin);
    expect((await profile(dispatcher, adminsLoose)).statusCode).toBe(400);
    const pdf = await uploadPdf(dispatcher);
    const asPhoto = await profile(dispatcher, pdf);
    expect(asPhoto.statusCode).toBe(400);
    expect(asPhoto.json().errors).toEqual({ photo: 'The photo must be an image' });
    // One's own upload is taken, and saving the profile again with it keeps it.
    const own = await upload(dispatcher);
    expect((await profile(dispatcher, own)).statusCode).toBe(200);
    expect((await profile(dispatcher, own)).statusCode).toBe(200);
    expect(await photoOf(DISPATCHER.email)).toBe(own);
    expect((await read(own, dispatcher)).statusCode).toBe(200);
  });

  it("a vehicle type's icon, a driver's photo and a driver's document take no file another record holds", async () => {
    const [driverA, driverB] = await t.db.selectFrom('drivers').select('id').orderBy('id').limit(2).execute();
    const held = await upload(admin);
    const added = await t.call('POST', `/api/user/drivers/${driverA!.id}/upload-document`, {
      token: admin,
      body: { kind: 'licence', fileId: held, number: 'DL-43', expiryDate: '2030-01-01' },
    });
    expect(added.statusCode, added.body).toBe(200);
    const type = await t.db.selectFrom('vehicleTypes').select(['id', 'icon']).orderBy('id').executeTakeFirstOrThrow();
    const icon = await t.call('PUT', `/api/trip/vehicle-types/${type.id}`, { token: admin, body: { icon: held } });
    expect(icon.statusCode).toBe(400);
    expect(icon.json().errors).toHaveProperty('icon');
    expect(
      (await t.db.selectFrom('vehicleTypes').select('icon').where('id', '=', type.id).executeTakeFirstOrThrow()).icon,
    ).toBe(type.icon);
    const photo = await t.call('PUT', `/api/user/drivers/${driverB!.id}`, { token: admin, body: { photo: held } });
    expect(photo.statusCode).toBe(400);
    const doc = await t.call('POST', `/api/user/drivers/${driverB!.id}/upload-document`, {
      token: admin,
      body: { kind: 'licence', fileId: held, number: 'DL-43', expiryDate: '2030-01-01' },
    });
    expect(doc.statusCode).toBe(400);
    expect(doc.json().errors).toEqual({ fileId: 'This file belongs to someone else: upload your own file' });
    // The driver who holds it may take it as their photo too.
    expect(
      (await t.call('PUT', `/api/user/drivers/${driverA!.id}`, { token: admin, body: { photo: held } })).statusCode,
    ).toBe(200);
    const fresh = await upload(admin);
    expect(
      (await t.call('PUT', `/api/trip/vehicle-types/${type.id}`, { token: admin, body: { icon: fresh } })).statusCode,
    ).toBe(200);
  });
});
