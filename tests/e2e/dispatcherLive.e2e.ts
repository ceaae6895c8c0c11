import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import type { Page, Request, WebSocketRoute } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISPATCHER, apiData, baseUrl, browserPerFile, shot, signIn, waitForPath, staffToken } from './browser';
import type { LiveDriver } from '../../src/domain/liveDrivers';
import { spawnSimulator } from '../../scripts/lib/dispatchBench';
import { localWallTime } from '../../src/domain/dateRange';

/**
 * The dispatcher page on a living city (issue 16): the simulator runs as a separate process against
 * the e2e server (`scripts/simulate.ts`, 20 drivers, the apps' HTTP and Socket.IO contract only).
 * In Chromium: drivers move on the map; a booking with automatic offers reaches the board and gets
 * a driver when a simulated driver accepts the offer; a driver picked in the nearest list is
 * assigned directly; the socket is cut and the page says so, reads the snapshot every 5 s and
 * recovers. Screens under test-results/screens/dispatcher-live-*.png.
 */

const { open } = browserPerFile({ keepContexts: true });
const SIM_DRIVERS = 20;

/** A socket.io text frame `42["event",payload]` → [event, payload]. */
function eventOf(frame: string | Buffer): [string, unknown] | undefined {
  const text = typeof frame === 'string' ? frame : frame.toString('utf8');
  const match = /^42(\[.*\])$/s.exec(text);
  if (!match) return undefined;
  const [event, payload] = JSON.parse(match[1]) as [string, unknown];
  return [event, payload];
}

const YAYA = { lat: -1.2926, lng: 36.7878 };

describe('dispatcher on a living city', () => {
  let simulator: ChildProcess;
  let page: Page;
  let admin: string;
  /** driverPositions batches the page received, with when. */
  const batches: { receivedAt: number; moved: LiveDriver[]; gone: number[] }[] = [];
  /** While set, the page's socket is cut: the websocket is closed and polling refused. */
  let cut = false;
  const sockets = new Set<WebSocketRoute>();

  beforeAll(async () => {
    fs.mkdirSync('test-results', { recursive: true });
    simulator = spawnSimulator({
      url: baseUrl(),
      drivers: SIM_DRIVERS,
      passengers: 0,
      logFile: 'test-results/e2e-simulator.log',
    });
    admin = await staffToken();
    // The simulated drivers are online and sending positions.
    const deadline = Date.now() + 120_000;
    let online = 0;
    while (online < SIM_DRIVERS - 2) {
      if (Date.now() > deadline) throw new Error(`only ${online} simulated drivers online after 2 minutes`);
      if (simulator.exitCode !== null) throw new Error(`the simulator exited with code ${simulator.exitCode}`);
      await new Promise((r) => setTimeout(r, 1000));
      online = (await apiData<{ data: LiveDriver[] }>('trip/dispatcher/drivers', admin)).data.length;
    }

    page = await open({ width: 1440, height: 900 });
    // The page's socket goes through this route: frames are passed on (and the positions noted),
    // and the test can cut it.
    await page.routeWebSocket(/\/socket\.io\//, (ws) => {
      if (cut) return void ws.close({ code: 1006, reason: 'cut by the test' });
      sockets.add(ws);
      const server = ws.connectToServer();
      ws.onMessage((message) => server.send(message));
      server.onMessage((message) => {
        const event = eventOf(message);
        if (event?.[0] === 'driverPositions') {
          const { moved, gone } = event[1] as { moved: LiveDriver[]; gone: number[] };
          batches.push({ receivedAt: Date.now(), moved, gone });
        }
        ws.send(message);
      });
      ws.onClose(() => sockets.delete(ws));
    });
    await page.route(/\/socket\.io\//, (route) => (cut ? route.abort('internetdisconnected') : route.continue()));
    await signIn(page, DISPATCHER);
  });

  afterAll(async () => {
    // The simulated drivers' trips cancelled, so that stopping the simulator takes every one of them
    // offline (a driver on a trip could not go offline, and would hold the live positions for 5
    // minutes). This file still runs last (vitest.e2e.config.ts): those drivers end offline.
    const live = await apiData<{ data: LiveDriver[] }>('trip/dispatcher/drivers', admin);
    for (const { tripId } of live.data)
      if (tripId !== null)
        await apiData(`trip/trips/${tripId}/cancel`, admin, { reason: 'e2e: simulator stopped' }).catch(
          () => undefined,
        );
    simulator?.kill('SIGINT');
    await new Promise((r) => (simulator?.exitCode !== null ? r(undefined) : simulator.once('exit', r)));
  });

  it('shows the drivers moving: positions arrive once a second and the map changes between two looks', async () => {
    await page.goto('/dispatcher');
    await waitForPath(page, '/dispatcher');
    const legend = page.getByTestId('map-legend');
    await expect
      .poll(async () => (await legend.innerText()).match(/\d+/g)?.reduce((s, n) => s + Number(n), 0) ?? 0, {
        timeout: 15_000,
      })
      .toBeGreaterThanOrEqual(SIM_DRIVERS - 2);
    // Deltas arrive on the socket, and some driver is seen at two different places.
    await expect
      .poll(
        () => {
          const seen = new Map<number, string>();
          for (const batch of batches)
            for (const d of batch.moved) {
              const where = `${d.lat},${d.lng}`;
              if (seen.has(d.id) && seen.get(d.id) !== where) return true;
              seen.set(d.id, where);
            }
          return false;
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    // Roughly one batch a second.
    const first = batches[0].receivedAt;
    await expect.poll(() => batches.length, { timeout: 15_000 }).toBeGreaterThan(4);
    const span = (batches.at(-1)!.receivedAt - first) / 1000;
    expect(batches.length / Math.max(span, 1)).toBeLessThan(2.5);

    // Two looks at the map's canvas a few seconds apart differ (nothing else on it changes).
    const map = page.getByTestId('live-map');
    await map.locator('canvas').waitFor();
    const before = await map.locator('canvas').screenshot();
    await shot(page, 'dispatcher-live-moving-1');
    await expect
      .poll(async () => !(await map.locator('canvas').screenshot()).equals(before), { timeout: 20_000, interval: 2000 })
      .toBe(true);
    await shot(page, 'dispatcher-live-moving-2');
  });

  /** Fills the booking for the passenger with most trips, Yaya Centre → Sarit Centre, of a type with drivers near. */
  async function fillBooking(): Promise<string> {
    const query = new URLSearchParams({
      filter: JSON.stringify({ status: 'active' }),
      sort: JSON.stringify(['tripsCount', 'DESC']),
      range: JSON.stringify([0, 0]),
    });
    const [passenger] = await apiData<{ firstName: string; lastName: string; phone: string }[]>(
      `user/passengers?${query}`,
      admin,
    );
    // A vehicle type with a simulated driver available within the offers' reach of the pickup.
    const availability = await apiData<{ data: { vehicleTypeId: number; nearestDistanceKm: number | null }[] }>(
      `trip/dispatcher/availability?lat=${YAYA.lat}&lng=${YAYA.lng}`,
      admin,
    );
    const near = availability.data
      .filter((a) => a.nearestDistanceKm !== null && a.nearestDistanceKm < 7)
      .sort((a, b) => a.nearestDistanceKm! - b.nearestDistanceKm!)[0];
    expect(near, 'a vehicle type with a simulated driver near Yaya Centre').toBeDefined();
    const type = await apiData<{ name: string }>(`trip/vehicle-types/${near.vehicleTypeId}`, admin);

    await page.keyboard.press('F2');
    await page.keyboard.type(passenger.phone.slice(-9));
    await page.getByRole('option', { name: new RegExp(`${passenger.firstName} ${passenger.lastName}`) }).click();
    await page.getByTestId('booking-pickup').fill('yaya');
    await page.getByRole('option', { name: 'Yaya Centre, Kilimani' }).click();
    await page.getByTestId('booking-dropoff').fill('sarit');
    await page.getByRole('option', { name: 'Sarit Centre, Westlands' }).click();
    await page
      .getByTestId('booking-vehicles')
      .getByRole('option', { name: new RegExp(`^${type.name}`) })
      .click();
    return type.name;
  }

  const boardColumnOf = async (tripId: number) => {
    for (const column of ['scheduled', 'waiting', 'offered', 'en_route', 'at_pickup', 'on_trip'])
      if ((await page.getByTestId(`board-${column}`).getByTestId(`board-trip-${tripId}`).count()) > 0) return column;
    return undefined;
  };

  it('books with automatic offers: the trip reaches the board and a simulated driver takes it through an offer', async () => {
    await fillBooking();
    // The nearest list shows the simulated drivers of that type; offers stay automatic.
    const nearest = page.getByTestId('booking-nearest');
    await expect.poll(() => nearest.getByRole('option').count(), { timeout: 15_000 }).toBeGreaterThan(1);
    expect(await nearest.getByRole('option', { selected: true }).innerText()).toMatch(/^Automatic offers/);
    expect(await nearest.getByRole('option').nth(1).innerText()).toMatch(/\d+\.\d km · \d+ min\n★ \d\.\d · /);
    await shot(page, 'dispatcher-live-nearest');
    // The filled booking on the two common office screens (checked by eye): the side area scrolls to
    // its Book button, the board's five columns fit, the legend and cards do not overlap.
    for (const [width, height] of [
      [1366, 768],
      [1920, 1080],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.getByTestId('booking-submit').scrollIntoViewIfNeeded();
      expect(await page.getByTestId('booking-submit').isVisible()).toBe(true);
      for (const column of ['waiting', 'offered', 'en_route', 'at_pickup', 'on_trip']) {
        const box = (await page.getByTestId(`board-${column}`).boundingBox())!;
        expect(box.x + box.width, `${column} at ${width} px`).toBeLessThanOrEqual(width);
      }
      await shot(page, `dispatcher-live-nearest-${width}`);
    }
    await page.setViewportSize({ width: 1440, height: 900 });

    await page.keyboard.press('Control+Enter');
    const notice = page.getByText(/^Trip #\d+ booked; offers go to the nearest drivers\.$/);
    await notice.waitFor();
    const tripId = Number((await notice.innerText()).match(/#(\d+)/)![1]);
    await expect.poll(() => boardColumnOf(tripId), { timeout: 15_000 }).toMatch(/^(waiting|offered|en_route)$/);
    // A simulated driver accepts an offer (some decline or let it time out: the next one gets it).
    await expect
      .poll(() => boardColumnOf(tripId), { timeout: 100_000, interval: 1000 })
      .toMatch(/^(en_route|at_pickup|on_trip)$/);
    const trip = await apiData<{ driverName: string; driverId: number }>(`trip/trips/${tripId}`, admin);
    // The card names the driver the trip now has ("Driver #id" is shown only until the driver's card is in).
    const card = page.getByTestId(`board-trip-${tripId}`);
    await expect
      .poll(async () => (await card.innerText()).split('\n').at(-1), { timeout: 10_000 })
      .toBe(trip.driverName);
    // Through an offer: the timeline has the offer to that driver, then the driver's acceptance.
    const events = (
      await apiData<{ data: { kind: string; actor: string; driverId: number | null }[] }>(
        `trip/trips/${tripId}/events`,
        admin,
      )
    ).data;
    const offered = events.findIndex((e) => e.kind === 'offered' && e.driverId === trip.driverId);
    const accepted = events.findIndex((e) => e.kind === 'accepted' && e.actor === 'driver');
    expect(offered).toBeGreaterThanOrEqual(0);
    expect(accepted).toBeGreaterThan(offered);
    await shot(page, 'dispatcher-live-offer-accepted');
  });

  it('assigns a driver picked in the nearest list, right after booking', async () => {
    await fillBooking();
    const nearest = page.getByTestId('booking-nearest');
    await expect.poll(() => nearest.getByRole('option').count(), { timeout: 15_000 }).toBeGreaterThan(1);
    await nearest.focus();
    await page.keyboard.press('ArrowDown');
    const chosen = (await nearest.getByRole('option', { selected: true }).innerText()).split('\n')[0];
    await page.getByTestId('booking-driver').getByText(`Will be assigned to ${chosen} once booked.`).waitFor();
    await page.keyboard.press('Control+Enter');
    const notice = page.getByText(new RegExp(`^Trip #\\d+ assigned to ${chosen}$`));
    await notice.waitFor({ timeout: 15_000 });
    const tripId = Number((await notice.innerText()).match(/Trip #(\d+)/)![1]);
    await expect.poll(() => boardColumnOf(tripId), { timeout: 15_000 }).toBe('en_route');
    expect(await page.getByTestId(`board-trip-${tripId}`).innerText()).toContain(chosen);
    await shot(page, 'dispatcher-live-assigned');
  });

  it('books for later: the trip waits in the Scheduled column, then is offered at the lead time', async () => {
    if (new URL(page.url()).pathname !== '/dispatcher') {
      await page.goto('/dispatcher');
      await waitForPath(page, '/dispatcher');
    }
    await page.getByRole('heading', { name: 'New booking' }).waitFor();
    await page.getByTestId('board-scheduled').waitFor();
    await fillBooking();
    // The e2e server releases a minute before pickup (SCHEDULED_LEAD_MINUTES=1): a pickup on the next
    // whole minute at least 80 s away is released 20 to 80 s from now.
    const pickupAt = new Date(Math.ceil((Date.now() + 80_000) / 60_000) * 60_000);
    // The date field takes day, month, year, hours and minutes from the keyboard, section by section.
    const [, year, month, day, hours, minutes] = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(
      localWallTime(pickupAt, 'Africa/Nairobi'),
    )!;
    await page.getByRole('group', { name: 'Pickup time' }).getByRole('spinbutton').first().click();
    await page.keyboard.type(`${day}${month}${year}${hours}${minutes}`);
    await page
      .getByText('Booked for later: offers go out shortly before pickup; the fares are at that time.')
      .waitFor();
    // No driver is picked for a trip booked for later: the nearest list is gone.
    expect(await page.getByTestId('booking-nearest').count()).toBe(0);
    await page.getByTestId('booking-submit').click();
    const notice = page.getByText(/^Trip #\d+ booked for .+; offers start before pickup\.$/);
    await notice.waitFor();
    const tripId = Number((await notice.innerText()).match(/#(\d+)/)![1]);
    await expect.poll(() => boardColumnOf(tripId), { timeout: 15_000 }).toBe('scheduled');
    const card = page.getByTestId('board-scheduled').getByTestId(`board-trip-${tripId}`);
    expect(await card.getByTestId('board-pickup-at').innerText()).toMatch(/^Pickup /);
    const booked = await apiData<{ status: string; scheduledAt: string; releasedAt: string | null }>(
      `trip/trips/${tripId}`,
      admin,
    );
    expect(booked).toMatchObject({ status: 'scheduled', scheduledAt: pickupAt.toISOString(), releasedAt: null });
    await shot(page, 'dispatcher-live-scheduled');
    // At the lead time it leaves the Scheduled column and a simulated driver is offered it.
    await expect
      .poll(() => boardColumnOf(tripId), { timeout: 120_000, interval: 1000 })
      .toMatch(/^(offered|en_route|at_pickup|on_trip)$/);
    const released = await apiData<{ releasedAt: string }>(`trip/trips/${tripId}`, admin);
    const lead = pickupAt.getTime() - Date.parse(released.releasedAt);
    // Released at the lead time (60 s before pickup), within the releaser's 5 s look.
    expect(lead).toBeLessThanOrEqual(60_000);
    expect(lead).toBeGreaterThan(50_000);
    const events = (await apiData<{ data: { kind: string; at: string }[] }>(`trip/trips/${tripId}/events`, admin)).data;
    const offer = events.find((e) => e.kind === 'offered');
    expect(offer).toBeDefined();
    expect(Date.parse(offer!.at)).toBeGreaterThanOrEqual(Date.parse(released.releasedAt));
    await shot(page, 'dispatcher-live-scheduled-offered');
  });

  it('says when the socket is cut, reads the snapshot every 5 s meanwhile, and recovers', async () => {
    const snapshots: number[] = [];
    const onResponse = (request: Request) => {
      if (request.url().includes('/api/trip/dispatcher/drivers')) snapshots.push(Date.now());
    };
    page.on('requestfinished', onResponse);
    cut = true;
    for (const ws of [...sockets]) await ws.close({ code: 1006, reason: 'cut by the test' });
    const down = page.getByTestId('socket-down');
    await down.waitFor({ timeout: 15_000 });
    expect(await down.innerText()).toBe(
      'Live connection lost: positions are refreshed every 5 seconds until it is back.',
    );
    const cutAt = Date.now();
    await shot(page, 'dispatcher-live-socket-down');
    // The snapshot is read again every 5 s while the socket stays down.
    await expect.poll(() => snapshots.filter((t) => t > cutAt).length, { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
    const reads = snapshots.filter((t) => t > cutAt);
    expect(reads[1] - reads[0]).toBeGreaterThan(4000);
    expect(reads[1] - reads[0]).toBeLessThan(6500);

    const batchesBefore = batches.length;
    cut = false;
    await down.waitFor({ state: 'detached', timeout: 30_000 });
    // Live again: the page watches its box anew and positions flow.
    await expect.poll(() => batches.length, { timeout: 15_000 }).toBeGreaterThan(batchesBefore + 1);
    page.off('requestfinished', onResponse);
    await shot(page, 'dispatcher-live-recovered');
  });
});
