import { ACTIONS } from '../../src/domain/resourceActions';
import { COMMANDS, QUERIES } from '../../src/dataProviders/calls';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EXPORT_INTERRUPTED, ExportInterruptedError } from '../../src/domain/exportInterrupted';
import { createDataProvider } from '../../src/dataProviders/createDataProvider';
import { createResourceLookup } from '../../src/resources/resourceLookup';
import { loadSessionFromStorage, setSession } from '../../src/session';
import { stubFetch, type FetchStub } from './support/fetchStub';
import { MemoryStorage } from './support/memoryStorage';
import { sessionOf, superAdminProfile } from './support/staffFixtures';

const lookup = createResourceLookup([
  { name: 'staffs', service: 'user', path: 'staff-management/staffs' },
  { name: 'vehicle-types', service: 'trip', path: 'vehicle-management/vehicles' },
  { name: 'discounts', service: 'trip', path: 'discounts' },
  { name: 'sos-call-logs', service: 'trip', path: 'sos-call-logs' },
  { name: 'payout-batches', service: 'trip', path: 'payout-batches' },
]);
const dataProvider = createDataProvider(lookup, { user: '/api/user', trip: '/api/trip' });

let api: FetchStub;

beforeEach(() => {
  vi.stubGlobal('localStorage', new MemoryStorage());
  loadSessionFromStorage();
  setSession(sessionOf(superAdminProfile, 'tok'));
  api = stubFetch();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the composite data provider', () => {
  it('lists a user-service resource under its backend name, with the bearer token', async () => {
    api.on('GET /api/user/staffs', { json: [{ id: 1 }, { id: 2 }], headers: { 'Content-Range': 'staffs 0-1/12' } });
    const result = await dataProvider.getList('staff-management/staffs', {
      pagination: { page: 1, perPage: 2 },
      sort: { field: 'id', order: 'ASC' },
      filter: { q: 'ada' },
    });
    expect(result).toEqual({ data: [{ id: 1 }, { id: 2 }], total: 12 });
    const [request] = api.requests;
    expect(request.query.get('range')).toBe('[0,1]');
    expect(request.query.get('sort')).toBe('["id","ASC"]');
    expect(request.query.get('filter')).toBe('{"q":"ada"}');
    expect(request.headers.get('Range')).toBe('staffs=0-1');
    expect(request.headers.get('Authorization')).toBe('Bearer tok');
  });

  it('asks for only the fields a list names in meta.fields', async () => {
    api.on('GET /api/trip/discounts', {
      json: [{ id: 1, code: 'A' }],
      headers: { 'Content-Range': 'discounts 0-0/1' },
    });
    await dataProvider.getList('discounts', {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
      meta: { fields: ['code', 'name'] },
    });
    await dataProvider.getList('discounts', {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    expect(api.requests.map((r) => r.query.get('fields'))).toEqual(['code,name', null]);
    expect(api.requests.map((r) => r.query.get('shape'))).toEqual(['rows', null]);
    expect(api.requests[0].query.get('range')).toBe('[0,24]');
  });

  it('asks for the page next to the one shown by keyset (after / before), any other page by offset', async () => {
    const rows = (start: number) =>
      Array.from({ length: 2 }, (_, k) => ({ id: 100 - start - k, createdAt: `2026-11-0${9 - start - k}T10:00:00Z` }));
    api.on('GET /api/trip/discounts', ({ url }) => {
      const [start] = JSON.parse(new URL(url, 'http://x').searchParams.get('range')!) as number[];
      return { json: rows(start), headers: { 'Content-Range': `discounts ${start}-${start + 1}/9` } };
    });
    const params = (page: number) => ({
      pagination: { page, perPage: 2 },
      sort: { field: 'createdAt', order: 'DESC' as const },
      filter: {},
    });
    await dataProvider.getList('discounts', params(1));
    await dataProvider.getList('discounts', params(2));
    await dataProvider.getList('discounts', params(1));
    await dataProvider.getList('discounts', params(4));
    const cursors = api.requests.map((r) => [r.query.get('after'), r.query.get('before')]);
    expect(cursors).toEqual([
      [null, null],
      [JSON.stringify(['2026-11-08T10:00:00Z', 99]), null],
      [null, JSON.stringify(['2026-11-07T10:00:00Z', 98])],
      [null, null],
    ]);
  });

  it('sends trip-service resources to the trip service', async () => {
    api.on('GET /api/trip/vehicle-types/3', { json: { id: 3, name: 'Comfort' } });
    await expect(dataProvider.getOne('vehicle-management/vehicles', { id: 3 })).resolves.toEqual({
      data: { id: 3, name: 'Comfort' },
    });
  });

  it('writes JSON', async () => {
    api.on('POST /api/trip/discounts', ({ body }) => ({ json: { ...(body as object), id: 9 } }));
    await expect(dataProvider.create('discounts', { data: { code: 'WELCOME' } })).resolves.toEqual({
      data: { code: 'WELCOME', id: 9 },
    });
    expect(api.requests[0].headers.get('Content-Type')).toBe('application/json');
  });

  it('rejects with the failure shape', async () => {
    api.on('DELETE /api/trip/discounts/9', { status: 403, json: { message: 'Missing permission delete-Discount' } });
    await expect(dataProvider.delete('discounts', { id: 9 })).rejects.toMatchObject({
      status: 403,
      message: 'Missing permission delete-Discount',
    });
  });

  it('refuses resources it does not know', async () => {
    await expect(dataProvider.getOne('nope', { id: 1 })).rejects.toThrow('Unknown resource: nope');
    expect(api.requests).toHaveLength(0);
  });

  it("finds the references react-admin's guessers infer", async () => {
    api.on('GET /api/trip/vehicle-types', { json: [{ id: 2 }], headers: { 'Content-Range': 'vehicle-types 0-0/1' } });
    await expect(dataProvider.getMany('vehicleTypes', { ids: [2] })).resolves.toEqual({ data: [{ id: 2 }] });
  });
});

describe('the custom methods', () => {
  it('posts a record action under the backend name and answers {data, message}', async () => {
    api.on('POST /api/trip/sos-call-logs/4/resolve', ({ body }) => ({
      json: { data: { id: 4, status: 'resolved', note: (body as { note: string }).note }, message: 'Alarm resolved' },
    }));
    await expect(
      dataProvider.action(ACTIONS['sos-call-logs'].resolve, { id: 4, data: { note: 'ended' } }),
    ).resolves.toEqual({ data: { id: 4, status: 'resolved', note: 'ended' }, message: 'Alarm resolved' });
    expect(api.requests[0].headers.get('Authorization')).toBe('Bearer tok');
  });

  it('posts a collection action without an id, and rejects a refusal with its field errors', async () => {
    api.on('POST /api/trip/payout-batches/prepare', {
      status: 400,
      json: { message: 'Invalid', errors: { periodStart: 'Choose the week' } },
    });
    const failure = await dataProvider
      .action(ACTIONS['payout-batches'].prepare, { data: { periodStart: '' } })
      .catch((e) => e);
    expect(failure).toMatchObject({
      status: 400,
      message: 'Invalid',
      body: { errors: { periodStart: 'Choose the week' } },
    });
  });

  it('downloads the whole CSV export with the filter, the sort and the bearer token', async () => {
    api.on('GET /api/user/staffs/export', { text: 'ID,Name\r\n1,Ada', headers: { 'Content-Type': 'text/csv' } });
    const blob = await dataProvider.exportCsv('staff-management/staffs', {
      filter: { status: 'active' },
      sort: { field: 'createdAt', order: 'DESC' },
    });
    expect(await blob.text()).toBe('ID,Name\r\n1,Ada');
    const [request] = api.requests;
    expect(request.query.get('format')).toBe('csv');
    expect(request.query.get('filter')).toBe('{"status":"active"}');
    expect(request.query.get('sort')).toBe('["createdAt","DESC"]');
    expect(request.headers.get('Authorization')).toBe('Bearer tok');
  });

  it('refuses an export that the server cut short, so no incomplete file is saved', async () => {
    api.on('GET /api/user/staffs/export', {
      text: `ID,Status\r\n1,completed\r\n\r\n${EXPORT_INTERRUPTED}\r\n`,
      headers: { 'Content-Type': 'text/csv' },
    });
    await expect(dataProvider.exportCsv('staff-management/staffs', {})).rejects.toBeInstanceOf(ExportInterruptedError);
  });

  it('reads a query module of a service, with its parameters', async () => {
    api.on('GET /api/trip/reports/trips', { json: { data: { trips: 12 } } });
    await expect(
      dataProvider.query(QUERIES.reports.trips, { from: '2026-01-01', filter: { city: 1 }, none: undefined }),
    ).resolves.toEqual({ data: { trips: 12 } });
    expect(api.requests[0].query.get('from')).toBe('2026-01-01');
    expect(api.requests[0].query.get('filter')).toBe('{"city":1}');
    expect(api.requests[0].query.has('none')).toBe(false);
  });

  it("puts a named read's record id in its path, not in the query string, and reads the user service", async () => {
    api.on('GET /api/trip/trips/42/events', { json: { data: [] } });
    api.on('GET /api/user/audit-logs/actions', { json: { data: ['login'] } });
    await expect(dataProvider.query(QUERIES.trips.events, { id: 42 })).resolves.toEqual({ data: [] });
    expect(api.requests[0].query.size).toBe(0);
    await expect(dataProvider.query(QUERIES['audit-logs'].actions, {})).resolves.toEqual({ data: ['login'] });
  });

  it('posts a named command with its body, and a bulk action under the resource', async () => {
    api.on('POST /api/user/drivers/resend_otp', { json: { data: null, message: 'Sent' } });
    api.on('POST /api/trip/discounts/bulk/deactivate', { json: { data: { outcomes: [] } } });
    await expect(dataProvider.post(COMMANDS.drivers.resend_otp, { phoneNumber: '+254700000001' })).resolves.toEqual({
      data: null,
      message: 'Sent',
    });
    expect(api.requests[0].body).toEqual({ phoneNumber: '+254700000001' });
    await dataProvider.bulkAction(ACTIONS.discounts.deactivate, { ids: [1, 2], reason: 'Season over' });
    expect(api.requests[1].body).toEqual({ ids: [1, 2], reason: 'Season over' });
  });

  it('rejects an expired session with the 401 shape that checkError recognises', async () => {
    api.on('GET /api/user/notifications', { status: 401, json: { message: 'Login Timeout' } });
    await expect(dataProvider.notificationPage(1)).rejects.toMatchObject({ status: 401, message: 'Login Timeout' });
  });

  it('still does CRUD beside them', async () => {
    api.on('GET /api/user/staffs/3', { json: { id: 3 } });
    await expect(dataProvider.getOne('staff-management/staffs', { id: 3 })).resolves.toEqual({ data: { id: 3 } });
  });
});
