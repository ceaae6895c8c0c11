import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISPATCHER, listQuery, startApp, type TestApp } from './harness.js';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startApp({ rateLimits: { loginPerIp: 1000, perEmail: 1000, windowMs: 60_000, global: 0 } });
  admin = await t.login();
});
afterAll(() => t?.close());

describe('roles and permissions', () => {
  it('lists the permissions with the roles that hold them, read-only', async () => {
    const res = await t.call('GET', '/api/user/permissions', {
      token: admin,
      query: listQuery({ filter: { subject: 'Trip' }, sort: ['name', 'ASC'] }),
    });
    expect(res.json().map((p: { name: string }) => p.name)).toEqual([
      'create-Trip',
      'delete-Trip',
      'update-Trip',
      'view-Trip',
    ]);
    const view = res.json().find((p: { name: string }) => p.name === 'view-Trip');
    expect(view.roles).toEqual(expect.arrayContaining(['Dispatcher', 'Super Admin']));
    expect(
      (await t.call('POST', '/api/user/permissions', { token: admin, body: { name: 'view-Everything' } })).statusCode,
    ).toBe(404);
  });

  it('creates a role with a permission list, refuses unknown permissions, and refuses a duplicate name', async () => {
    const bad = await t.call('POST', '/api/user/roles', {
      token: admin,
      body: { name: 'Night shift', permissions: ['view-Trip', 'fly-Plane'] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors['permissions[1]']).toBe('Unknown permission fly-Plane');
    const created = await t.call('POST', '/api/user/roles', {
      token: admin,
      body: { name: 'Night shift', permissions: ['view-Trip', 'view-DispatcherPage'] },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      name: 'Night shift',
      permissions: ['view-DispatcherPage', 'view-Trip'],
      staffCount: 0,
    });
    const dup = await t.call('POST', '/api/user/roles', { token: admin, body: { name: 'night SHIFT' } });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().errors).toEqual({ name: 'This name is already in use' });
  });

  it('applies a role change to its holders on their next request, without signing in again', async () => {
    const dispatcher = await t.login(DISPATCHER.email, DISPATCHER.password);
    expect((await t.call('GET', '/api/user/drivers', { token: dispatcher })).statusCode).toBe(403);
    const role = (
      await t.call('GET', '/api/user/roles', { token: admin, query: listQuery({ filter: { name: 'Dispatcher' } }) })
    ).json()[0];
    const granted = await t.call('PUT', `/api/user/roles/${role.id}`, {
      token: admin,
      body: { permissions: [...role.permissions, 'view-Driver'] },
    });
    expect(granted.json().permissions).toContain('view-Driver');
    expect((await t.call('GET', '/api/user/drivers', { token: dispatcher })).statusCode).toBe(200);
    const me = (await t.call('GET', '/api/user/auth/me', { token: dispatcher })).json().data;
    expect(me.role.permissions).toContainEqual({ name: 'view-Driver' });
    await t.call('PUT', `/api/user/roles/${role.id}`, { token: admin, body: { permissions: role.permissions } });
    expect((await t.call('GET', '/api/user/drivers', { token: dispatcher })).statusCode).toBe(403);
  });

  it('refuses to delete a role that staff still hold, with a clear message, and deletes an unused one', async () => {
    const held = await t.call('DELETE', '/api/user/roles/2', { token: admin });
    expect(held.statusCode).toBe(409);
    expect(held.json().message).toMatch(
      /^This role is still held by \d+ staff members\. Give them another role first\.$/,
    );
    expect((await t.call('GET', '/api/user/roles/2', { token: admin })).statusCode).toBe(200);
    const spare = await t.call('POST', '/api/user/roles', {
      token: admin,
      body: { name: 'Temporary', permissions: ['view-Trip'] },
    });
    expect((await t.call('DELETE', `/api/user/roles/${spare.json().id}`, { token: admin })).statusCode).toBe(200);
  });
});

describe('staff', () => {
  it('filters staff by role and status and searches by name', async () => {
    const res = await t.call('GET', '/api/user/staffs', {
      token: admin,
      query: listQuery({ filter: { roleId: 2, status: 'active' }, range: [0, 99] }),
    });
    expect(res.json().length).toBeGreaterThan(0);
    expect(
      res
        .json()
        .every((s: { roleName: string; status: string }) => s.roleName === 'Dispatcher' && s.status === 'active'),
    ).toBe(true);
    const q = await t.call('GET', '/api/user/staffs', { token: admin, query: listQuery({ filter: { q: 'okafor' } }) });
    expect(q.json().map((s: { fullName: string }) => s.fullName)).toEqual(['Amara Okafor']);
  });

  it('validates a new staff member and leaves the list unchanged on bad input', async () => {
    const before = (await t.call('GET', '/api/user/staffs', { token: admin, query: listQuery({ range: [0, 0] }) }))
      .headers['content-range'];
    const res = await t.call('POST', '/api/user/staffs', {
      token: admin,
      body: { firstName: 'X', email: 'not-an-email', roleId: 'abc' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({ lastName: 'Last name is required', email: 'Invalid email' });
    expect(res.json().errors.roleId).toBeDefined();
    const dup = await t.call('POST', '/api/user/staffs', {
      token: admin,
      body: { firstName: 'X', lastName: 'Y', email: 'ADMIN@example.com', roleId: 1 },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().errors).toEqual({ email: 'This email is already in use' });
    expect(
      (await t.call('GET', '/api/user/staffs', { token: admin, query: listQuery({ range: [0, 0] }) })).headers[
        'content-range'
      ],
    ).toBe(before);
  });

  it('refuses to let an administrator deactivate their own account', async () => {
    const res = await t.call('PUT', '/api/user/staffs/1', { token: admin, body: { status: 'inactive' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.status).toBe('You cannot deactivate your own account');
    expect((await t.call('GET', '/api/user/staffs/1', { token: admin })).json().status).toBe('active');
  });
});

describe('own profile', () => {
  it('lets any signed-in staff member edit their own names, but not another staff member', async () => {
    const dispatcher = await t.login(DISPATCHER.email, DISPATCHER.password);
    const saved = await t.call('PUT', '/api/user/auth/profile', {
      token: dispatcher,
      body: { firstName: 'Dan', lastName: 'Mensah', role: 1 },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ firstName: 'Dan', lastName: 'Mensah', role: { name: 'Dispatcher' } });
    expect(
      (await t.call('PUT', '/api/user/staffs/1', { token: dispatcher, body: { firstName: 'Hacked' } })).statusCode,
    ).toBe(403);
    const empty = await t.call('PUT', '/api/user/auth/profile', {
      token: dispatcher,
      body: { firstName: '', lastName: 'Mensah' },
    });
    expect(empty.statusCode).toBe(400);
  });

  it('saves the staff member’s language on their profile, answers it at sign-in, and refuses an unknown one', async () => {
    const dispatcher = await t.login(DISPATCHER.email, DISPATCHER.password);
    const me = async (token: string) => (await t.call('GET', '/api/user/auth/me', { token })).json().data;
    expect((await me(dispatcher)).locale).toBeNull();
    const saved = await t.call('PUT', '/api/user/auth/locale', { token: dispatcher, body: { locale: 'sw' } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ locale: 'sw', role: { name: 'Dispatcher' } });
    const bad = await t.call('PUT', '/api/user/auth/locale', { token: dispatcher, body: { locale: 'de' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ locale: 'Language must be one of: en, sw, fr' });
    // Beside the English, a stable code and its parameters, for the panel to say it in the staff member's language.
    expect(bad.json().codes).toEqual({
      locale: { code: 'oneOf', params: { label: 'Language', values: 'en, sw, fr' } },
    });
    const missing = await t.call('PUT', '/api/user/auth/locale', { token: dispatcher, body: {} });
    expect(missing.json().errors).toEqual({ locale: 'Language is required' });
    // A new sign-in (another device) gets the choice with its profile; the refused values changed nothing.
    const login = await t.call('POST', '/api/user/auth/login', {
      body: { email: DISPATCHER.email, password: DISPATCHER.password },
    });
    expect(login.json().data.profile.locale).toBe('sw');
    expect((await me(dispatcher)).locale).toBe('sw');
    expect((await t.call('PUT', '/api/user/auth/locale', { body: { locale: 'fr' } })).statusCode).toBe(401);
  });

  it('changes the password only with the current one and the password rules, ending other sessions', async () => {
    const first = await t.login(DISPATCHER.email, DISPATCHER.password);
    const second = await t.login(DISPATCHER.email, DISPATCHER.password);
    const wrong = await t.call('POST', '/api/user/auth/change_password', {
      token: first,
      body: { currentPassword: 'nope', password: 'Better@2026' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ currentPassword: 'The current password is not correct' });
    const weak = await t.call('POST', '/api/user/auth/change_password', {
      token: first,
      body: { currentPassword: DISPATCHER.password, password: 'alllowercase1!' },
    });
    expect(weak.json().errors.password).toBe('must contain at least one uppercase letter');
    const ok = await t.call('POST', '/api/user/auth/change_password', {
      token: first,
      body: { currentPassword: DISPATCHER.password, password: 'Better@2026' },
    });
    expect(ok.statusCode).toBe(200);
    expect((await t.call('GET', '/api/user/auth/me', { token: first })).statusCode).toBe(200);
    expect((await t.call('GET', '/api/user/auth/me', { token: second })).statusCode).toBe(401);
    await t.call('POST', '/api/user/auth/change_password', {
      token: first,
      body: { currentPassword: 'Better@2026', password: DISPATCHER.password },
    });
  });
});

describe('audit log', () => {
  it('lists who did what, filtered by staff member, resource and time, for view-AuditLog holders only', async () => {
    const created = await t.call('POST', '/api/user/passengers', {
      token: admin,
      body: { firstName: 'Log', lastName: 'Me', phone: '+254700123456' },
    });
    const id = created.json().id;
    const res = await t.call('GET', '/api/user/audit-logs', {
      token: admin,
      query: listQuery({
        filter: {
          staffId: 1,
          resource: 'passengers',
          recordId: String(id),
          createdAt_gte: new Date(Date.now() - 60_000).toISOString(),
        },
      }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(1);
    expect(res.json()[0]).toMatchObject({
      action: 'create',
      staffName: 'Amara Okafor',
      // The record by its name ("Passenger Log Me" on screen), not "Passenger #id".
      recordLabel: 'Log Me',
      after: { firstName: 'Log', lastName: 'Me' },
    });
    const dispatcher = await t.login(DISPATCHER.email, DISPATCHER.password);
    const denied = await t.call('GET', '/api/user/audit-logs', { token: dispatcher });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe('Missing permission view-AuditLog');
  });

  it('lists every action the log can hold, and filters by an engine action such as block', async () => {
    const actions = await t.call('GET', '/api/user/audit-logs/actions', { token: admin });
    expect(actions.statusCode).toBe(200);
    const names = actions.json().data as string[];
    expect(names.slice(0, 3)).toEqual(['create', 'update', 'delete']);
    for (const name of ['block', 'unblock', 'assign', 'cancel', 'approve-document', 'reject-document', 'credit-topup'])
      expect(names).toContain(name);
    expect(names).toContain('documents-expired');
    expect(new Set(names).size).toBe(names.length);

    const created = await t.call('POST', '/api/user/passengers', {
      token: admin,
      body: { firstName: 'Block', lastName: 'Me', phone: '+254700123457' },
    });
    const id = created.json().id;
    const blocked = await t.call('POST', `/api/user/passengers/${id}/block`, {
      token: admin,
      body: { reason: 'Abusive to drivers on three trips' },
    });
    expect(blocked.statusCode).toBe(200);
    const res = await t.call('GET', '/api/user/audit-logs', {
      token: admin,
      query: listQuery({ filter: { resource: 'passengers', recordId: String(id), action: 'block' } }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((r: { action: string }) => r.action)).toEqual(['block']);

    const dispatcher = await t.login(DISPATCHER.email, DISPATCHER.password);
    const denied = await t.call('GET', '/api/user/audit-logs/actions', { token: dispatcher });
    expect(denied.statusCode).toBe(403);
  });
});
