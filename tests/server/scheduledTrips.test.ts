import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { testConfig } from '../../server/config.js';
import { DISPATCHER, seededDb, startApp, type TestApp } from './harness.js';
import { createDb, type DbHandle } from '../../server/db/index.js';
import { dispatcherFixtures } from './dispatcherFixtures.js';
import { appSignIn, approvedDrivers, passengersFree } from './appsHelpers.js';
import { releaseScheduledTrips, reportUnassignedScheduledTrips } from '../../server/trip/trips/scheduled.js';

/** Trips booked for later (issue 32): the booking, its fare at the pickup time, the release at the lead time. */

let t: TestApp;
let dispatcher: string;
let economy: number;
beforeAll(async () => {
  t = await startApp();
  dispatcher = await t.login(DISPATCHER.email, DISPATCHER.password);
  economy = (await t.db.selectFrom('vehicleTypes').select('id').where('name', '=', 'Economy').executeTakeFirstOrThrow())
    .id;
});
afterAll(() => t?.close());

const fx = dispatcherFixtures(
  () => t,
  () => dispatcher,
);
const MIN = 60_000;
const inMinutes = (m: number, from = Date.now()) => new Date(from + m * MIN);

/** An active passenger with no trip under way and no ride booked for later yet (the `skip`-th such). */
const unscheduledPassenger = async (skip = 0) => {
  const free = await passengersFree(t, skip + 1, { alsoScheduled: true });
  if (free.length <= skip) throw new Error('no passenger free of trips and rides for later');
  return free[skip];
};

async function bookFor(at: Date | string, over: Record<string, unknown> = {}) {
  const passenger = await unscheduledPassenger();
  return fx.post('trips', fx.booking(economy, { passengerId: passenger.id, scheduledAt: at, ...over }));
}

/** The created record (the engine answers it bare, an app route under `data`). */
const created = (res: { json(): unknown }) => {
  const body = res.json() as { data?: Record<string, unknown> } & Record<string, unknown>;
  return (body.data ?? body) as Record<string, number & string>;
};

const tripRow = (id: number) => t.db.selectFrom('trips').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('booking for later', () => {
  it('stores a scheduled trip without a driver, with its pickup time', async () => {
    const at = inMinutes(120);
    const res = await bookFor(at.toISOString());
    expect(res.statusCode).toBe(201);
    const trip = await tripRow(created(res).id);
    expect(trip).toMatchObject({ status: 'scheduled', driverId: null, releasedAt: null });
    expect(trip.scheduledAt?.toISOString()).toBe(at.toISOString());
    const listed = await t.call('GET', '/api/trip/trips', {
      token: dispatcher,
      query: { filter: JSON.stringify({ status: 'scheduled' }), range: '[0,99]' },
    });
    expect(listed.statusCode).toBe(200);
    const ids = (listed.json() as { id: number }[]).map((r) => r.id);
    expect(ids).toContain(trip.id);
  });

  it('lists the rides booked for later soonest pickup first (the Scheduled tab)', async () => {
    const later = created(await bookFor(inMinutes(6 * 24 * 60))).id;
    const sooner = created(await bookFor(inMinutes(5 * 24 * 60))).id;
    const listed = await t.call('GET', '/api/trip/trips', {
      token: dispatcher,
      query: {
        filter: JSON.stringify({ status: ['scheduled'] }),
        sort: JSON.stringify(['scheduledAt', 'ASC']),
        range: '[0,499]',
        fields: 'scheduledAt',
      },
    });
    expect(listed.statusCode).toBe(200);
    const rows = listed.json() as { id: number; scheduledAt: string }[];
    const times = rows.map((r) => Date.parse(r.scheduledAt));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    const ids = rows.map((r) => r.id);
    expect(ids.indexOf(sooner)).toBeLessThan(ids.indexOf(later));
  });

  it('refuses a pickup time in the past, more than 7 days ahead or not a time, naming the field; nothing is stored', async () => {
    const before = await t.db
      .selectFrom('trips')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    const cases: [unknown, string][] = [
      [inMinutes(-1).toISOString(), 'The pickup time must be in the future'],
      [inMinutes(7 * 24 * 60 + 5).toISOString(), 'The pickup time can be at most 7 days ahead'],
      ['tomorrow-ish', 'The pickup time must be a date and time'],
    ];
    for (const [at, message] of cases) {
      const res = await bookFor(at as string);
      expect(res.statusCode, String(at)).toBe(400);
      expect(res.json().errors).toEqual({ scheduledAt: message });
    }
    const after = await t.db
      .selectFrom('trips')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    expect(Number(after!.n)).toBe(Number(before!.n));
  });

  it('quotes the fare at the pickup time: that time’s surge window applies, not the current one', async () => {
    // 10:30 in Nairobi (07:30 UTC) on the next UTC day: always ahead, never today's weekday.
    const at = new Date(Date.now() + 24 * 60 * MIN);
    at.setUTCHours(7, 30, 0, 0);
    const rules = [{ days: [at.getUTCDay()], from: '10:00', to: '11:00', multiplier: 1.7 }];
    await t.db
      .updateTable('priceSettings')
      .set({ surgeRules: JSON.stringify(rules) })
      .execute();
    try {
      const now = await fx.post('trips', fx.booking(economy, { passengerId: (await fx.activePassenger()).id }));
      expect(now.statusCode).toBe(201);
      expect(created(now).surgeMultiplier).toBe(1);
      const later = await bookFor(at.toISOString());
      expect(later.statusCode).toBe(201);
      const trip = created(later);
      expect(trip.surgeMultiplier).toBe(1.7);
      expect(trip.fareSurge).toBeGreaterThan(0);
      const estimate = await fx.post('fare-estimate', {
        vehicleTypeId: economy,
        pickup: { lat: trip.pickupLat, lng: trip.pickupLng },
        dropoff: { lat: trip.dropoffLat, lng: trip.dropoffLng },
        at: at.toISOString(),
      });
      expect(estimate.json().data.total).toBe(trip.fareTotal);
    } finally {
      await t.db.updateTable('priceSettings').set({ surgeRules: '[]' }).where('vehicleTypeId', 'is', null).execute();
      await t.db
        .updateTable('priceSettings')
        .set({ surgeRules: null })
        .where('vehicleTypeId', 'is not', null)
        .execute();
    }
  });

  it('lets the passenger app book for later, with the same checks', async () => {
    const [p] = await passengersFree(t, 40).then((all) => all.slice(-1));
    const token = await appSignIn(t, 'passenger', p.phone);
    const body = { ...fx.booking(economy), scheduledAt: inMinutes(60).toISOString() };
    const ok = await t.call('POST', '/api/trip/apps/passenger/trips', { token, body });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data.status).toBe('scheduled');
    expect(ok.json().data.scheduledAt).toBe(body.scheduledAt);
    const late = await t.call('POST', '/api/trip/apps/passenger/trips', {
      token,
      body: { ...body, scheduledAt: inMinutes(8 * 24 * 60).toISOString() },
    });
    expect(late.statusCode).toBe(400);
    expect(late.json().errors.scheduledAt).toBe('The pickup time can be at most 7 days ahead');
  });
});

/** Issue 43, section 4: a passenger holds at most 3 rides booked for later, none within 30 minutes of another. */
describe('rides booked for later per passenger', () => {
  const scheduledOf = (passengerId: number) =>
    t.db
      .selectFrom('trips')
      .select(['id', 'scheduledAt'])
      .where('passengerId', '=', passengerId)
      .where('status', '=', 'scheduled')
      .execute();

  it('20 concurrent bookings from the app leave at most the cap, each refusal naming the rides', async () => {
    const p = await unscheduledPassenger(5);
    const token = await appSignIn(t, 'passenger', p.phone);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.call('POST', '/api/trip/apps/passenger/trips', {
          token,
          body: { ...fx.booking(economy), scheduledAt: inMinutes(120 + 60 * i).toISOString() },
        }),
      ),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(3);
    expect(codes.filter((c) => c === 400)).toHaveLength(17);
    const booked = await scheduledOf(p.id);
    expect(booked).toHaveLength(3);
    const refused = answers.find((r) => r.statusCode === 400)!;
    expect(refused.json().errors.scheduledAt).toBe(
      `You already have 3 trips booked for later (${booked
        .sort((a, b) => a.scheduledAt!.getTime() - b.scheduledAt!.getTime())
        .map((b) => b.id)
        .join(', ')}), the most allowed; cancel one to book another`,
    );
  });

  it('refuses a ride within 30 minutes of another, for the app and for the dispatcher, naming the ride', async () => {
    const p = await unscheduledPassenger(7);
    const token = await appSignIn(t, 'passenger', p.phone);
    const at = inMinutes(180);
    const first = await t.call('POST', '/api/trip/apps/passenger/trips', {
      token,
      body: { ...fx.booking(economy), scheduledAt: at.toISOString() },
    });
    expect(first.statusCode).toBe(201);
    const id = first.json().data.id as number;
    const near = await t.call('POST', '/api/trip/apps/passenger/trips', {
      token,
      body: { ...fx.booking(economy), scheduledAt: inMinutes(20, at.getTime()).toISOString() },
    });
    expect(near.statusCode).toBe(400);
    expect(near.json().errors.scheduledAt).toMatch(
      new RegExp(`^You already have trip #${id} booked for .+, within 30 minutes of this pickup$`),
    );
    const phoned = await fx.post(
      'trips',
      fx.booking(economy, { passengerId: p.id, scheduledAt: inMinutes(-25, at.getTime()).toISOString() }),
    );
    expect(phoned.statusCode).toBe(400);
    expect(phoned.json().errors.scheduledAt).toMatch(
      new RegExp(`^This passenger already has trip #${id} booked for .+, within 30 minutes of this pickup$`),
    );
    expect(await scheduledOf(p.id)).toHaveLength(1);
    // 30 minutes apart is allowed.
    const apart = await fx.post(
      'trips',
      fx.booking(economy, { passengerId: p.id, scheduledAt: inMinutes(30, at.getTime()).toISOString() }),
    );
    expect(apart.statusCode, apart.body).toBe(201);
  });
});

describe('release at the lead time', () => {
  it('releases a trip only once its pickup is within the lead time, and then offers it to a driver', async () => {
    const [driver] = (await approvedDrivers(t, 200)).filter((d) => d.vehicleTypeId === economy);
    // The soonest scheduled trip of this suite: released alone, so the one driver is offered this one.
    const res = await bookFor(inMinutes(25));
    const id = created(res).id;
    const pickup = (await tripRow(id)).scheduledAt!.getTime();
    const lead = t.config.scheduledLeadMinutes;
    expect(lead).toBe(15);
    // A driver online next to the pickup: the cascade offers the trip once it is released.
    await t.app.services.live.online(driver.id, economy);
    const { pickupLat, pickupLng } = fx.booking(economy);
    expect(await t.app.services.live.store.ingest(driver.id, { lat: pickupLat, lng: pickupLng })).toBe('ok');
    try {
      expect(await releaseScheduledTrips(t.app.services, new Date(pickup - (lead + 1) * MIN))).not.toContain(id);
      expect((await tripRow(id)).status).toBe('scheduled');
      const at = new Date(pickup - lead * MIN);
      expect(await releaseScheduledTrips(t.app.services, at)).toContain(id);
      const released = await tripRow(id);
      expect(released.status).toBe('requested');
      expect(released.releasedAt?.toISOString()).toBe(at.toISOString());
      // The cascade starts after the commit, from the trip's tripUpdated.
      let offer: { driverId: number } | undefined;
      for (let i = 0; i < 100 && !offer; i++) {
        offer = await t.db.selectFrom('tripOffers').select('driverId').where('tripId', '=', id).executeTakeFirst();
        if (!offer) await new Promise((r) => setTimeout(r, 50));
      }
      expect(offer?.driverId).toBe(driver.id);
      expect(await releaseScheduledTrips(t.app.services, new Date(pickup))).not.toContain(id);
    } finally {
      await t.app.services.live.offline(driver.id);
    }
  });

  it('tells the dispatchers once when a scheduled trip has no driver 5 minutes before pickup', async () => {
    const id = created(await bookFor(inMinutes(90))).id;
    const pickup = (await tripRow(id)).scheduledAt!.getTime();
    expect(await reportUnassignedScheduledTrips(t.app.services, new Date(pickup - 6 * MIN))).not.toContain(id);
    expect(await reportUnassignedScheduledTrips(t.app.services, new Date(pickup - 5 * MIN))).toContain(id);
    expect(await reportUnassignedScheduledTrips(t.app.services, new Date(pickup - 4 * MIN))).not.toContain(id);
    const notes = await t.call('GET', '/api/user/notifications', {
      token: dispatcher,
      query: { page: '1', perPage: '50' },
    });
    const found = (notes.json().data.notifications as { type: string; subjectId: number; title: string }[]).filter(
      (n) => n.type === 'SCHEDULED_UNASSIGNED' && n.subjectId === id,
    );
    expect(found).toHaveLength(1);
    expect(found[0].title).toMatch(
      new RegExp(`^No driver yet for trip #${id}: pickup at \\d\\d:\\d\\d \\(Yaya Centre\\)`),
    );
  });

  it('lets staff cancel a scheduled trip, which is then never released', async () => {
    const id = created(await bookFor(inMinutes(30))).id;
    const cancelled = await fx.post(`trips/${id}/cancel`, { by: 'passenger', reason: 'Plans changed' });
    expect(cancelled.statusCode).toBe(200);
    expect(await releaseScheduledTrips(t.app.services, inMinutes(60))).not.toContain(id);
    expect((await tripRow(id)).status).toBe('cancelled_by_passenger');
  });
});

describe('starting a ride booked for later', () => {
  /** A ride booked for `minutes` ahead, released, assigned to a free Economy driver who is at the pickup. */
  async function atPickup(minutes: number, skip: number) {
    const id = created(await bookFor(inMinutes(minutes))).id;
    const pickup = (await tripRow(id)).scheduledAt!;
    await releaseScheduledTrips(t.app.services, new Date(pickup.getTime() - t.config.scheduledLeadMinutes * MIN));
    const driver = (await approvedDrivers(t, 300)).filter((d) => d.vehicleTypeId === economy)[skip];
    expect((await fx.post(`trips/${id}/assign`, { driverId: driver.id })).statusCode).toBe(200);
    const token = await appSignIn(t, 'driver', driver.phone);
    const step = (name: string) => t.call('POST', `/api/trip/apps/driver/trips/${id}/${name}`, { token });
    expect((await step('arrived')).statusCode).toBe(200);
    return { id, pickup, step };
  }
  const clock = (at: Date) =>
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Africa/Nairobi', hour: '2-digit', minute: '2-digit' }).format(at);

  it("refuses the driver app's start before the booked time less the grace, saying when the pickup is booked", async () => {
    expect(t.config.scheduledStartGraceMinutes).toBe(5);
    const { id, pickup, step } = await atPickup(40, 0);
    const res = await step('started');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      `The pickup is booked for ${clock(pickup)}: the trip can start from ${clock(new Date(pickup.getTime() - 5 * MIN))}`,
    );
    const trip = await tripRow(id);
    expect(trip).toMatchObject({ status: 'arrived', startedAt: null });
  });

  it('lets staff start it early only with a reason, which the timeline shows', async () => {
    const { id } = await atPickup(50, 2);
    const put = (body: object) => t.call('PUT', `/api/trip/trips/${id}`, { token: dispatcher, body });
    const refused = await put({ status: 'in_progress' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/^The pickup is booked for \d\d:\d\d: the trip can start from \d\d:\d\d$/);
    expect((await tripRow(id)).status).toBe('arrived');

    const started = await put({
      status: 'in_progress',
      earlyStartReason: 'The passenger is ready and asked to go now',
    });
    expect(started.statusCode).toBe(200);
    expect((await tripRow(id)).status).toBe('in_progress');
    const events = await t.call('GET', `/api/trip/trips/${id}/events`, { token: dispatcher });
    const step = (events.json().data as { kind: string; actor: string; note: string | null }[]).find(
      (e) => e.kind === 'started',
    );
    expect(step).toMatchObject({ actor: 'staff', note: 'The passenger is ready and asked to go now' });
  });

  it('lets the driver start within the grace before the booked time', async () => {
    const { id, step } = await atPickup(4, 1);
    const res = await step('started');
    expect(res.statusCode).toBe(200);
    expect((await tripRow(id)).status).toBe('in_progress');
  });
});

describe('two servers on one database', () => {
  const apps: FastifyInstance[] = [];
  const handles: DbHandle[] = [];
  afterAll(async () => {
    for (const app of apps) await app.close().catch(() => undefined);
    for (const h of handles) await h.close();
  });

  it('releases each due trip exactly once when both look at the same moment', async () => {
    // On PostgreSQL (npm run test:pg) each server has its own pool, as two processes would; PGlite has one connection.
    const seeded = await seededDb();
    handles.push(seeded);
    if (seeded.url) handles.push(await createDb({ databaseUrl: seeded.url, poolSize: 5 }));
    const handle = handles[0];
    for (let i = 0; i < 2; i++) {
      const app = await buildApp(testConfig(), { db: handles[i] ?? handle });
      await app.ready();
      apps.push(app);
    }
    const inject = (app: FastifyInstance, opts: InjectOptions) => app.inject(opts);
    const login = await inject(apps[0], {
      method: 'POST',
      url: '/api/user/auth/login',
      payload: { email: DISPATCHER.email, password: DISPATCHER.password },
    });
    const token = login.json().data.accessToken as string;
    const type = await handle.db
      .selectFrom('vehicleTypes')
      .select('id')
      .where('name', '=', 'Economy')
      .executeTakeFirstOrThrow();
    const passengers = await handle.db
      .selectFrom('passengers')
      .select('id')
      .where('status', '=', 'active')
      .limit(6)
      .execute();
    const ids: number[] = [];
    for (const p of passengers) {
      const res = await inject(apps[ids.length % 2], {
        method: 'POST',
        url: '/api/trip/trips',
        headers: { authorization: `Bearer ${token}` },
        payload: fx.booking(type.id, { passengerId: p.id, scheduledAt: inMinutes(20).toISOString() }),
      });
      expect(res.statusCode).toBe(201);
      ids.push(created(res).id);
    }
    const when = inMinutes(10);
    const [a, b] = await Promise.all(apps.map((app) => releaseScheduledTrips(app.services, when)));
    expect([...a, ...b].sort()).toEqual([...ids].sort());
    expect(a.filter((id) => b.includes(id))).toEqual([]);
    const steps = await handle.db.selectFrom('trips').select(['id', 'status']).where('id', 'in', ids).execute();
    expect(steps.every((s) => s.status === 'requested')).toBe(true);
  });
});
