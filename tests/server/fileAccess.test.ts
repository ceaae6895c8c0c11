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
  });
});
