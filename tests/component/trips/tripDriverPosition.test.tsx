import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { P } from '../../../src/domain/permissions';
import type { LiveDriver } from '../../../src/domain/liveDrivers';
import { RealtimeProvider, SocketFactoryContext } from '../../../src/realtime/RealtimeProvider';
import { useTripDriverPosition } from '../../../src/resources/trips/useTripDriverPosition';
import type { StaffProfile } from '../../../src/session';
import { sessionOf, superAdminProfile } from '../../unit/support/staffFixtures';
import type { RecordedRequest } from '../../unit/support/fetchStub';
import { renderKit } from '../kit/renderKit';
import { fakeSockets } from '../support/fakeSocket';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** A viewer of trips who may not read the dispatcher's feed. */
const financeProfile: StaffProfile = {
  ...superAdminProfile,
  id: 3,
  role: { id: 4, name: 'Finance', permissions: [P.viewTrip, P.viewReport].map((name) => ({ name })) },
};

const trip = { id: 9, status: 'in_progress', driverId: 4, pickupLat: -1.26, pickupLng: 36.8 };
const recordedAt = new Date(Date.now() - 120_000).toISOString();
const live = (lat: number, lng: number, secondsAgo = 1, over: Partial<LiveDriver> = {}): LiveDriver => ({
  id: 4,
  lat,
  lng,
  heading: 90,
  speed: 25,
  state: 'on_trip',
  vehicleTypeId: 1,
  tripId: 9,
  at: new Date(Date.now() - secondsAgo * 1000).toISOString(),
  ...over,
});

/** Shows what the hook answers. */
function Probe({ of = trip }: { of?: typeof trip }) {
  const position = useTripDriverPosition(of);
  return (
    <div data-testid="probe" data-source={position?.source ?? 'none'}>
      {position ? `${position.lat.toFixed(4)},${position.lng.toFixed(4)}` : 'none'}
    </div>
  );
}

/** `feed.drivers` is what the snapshot answers (a test may change it). */
function render(profile: StaffProfile, drivers: LiveDriver[] = []) {
  const sockets = fakeSockets();
  const feed = { drivers };
  const view = renderKit(
    <SocketFactoryContext.Provider value={sockets.factory}>
      <RealtimeProvider>
        <Probe />
      </RealtimeProvider>
    </SocketFactoryContext.Provider>,
    {
      session: sessionOf(profile),
      api: {
        'GET /api/trip/trips/9/driver-position': {
          json: { data: { driverId: 4, lat: -1.27, lng: 36.81, at: recordedAt } },
        },
        'GET /api/trip/dispatcher/drivers': (request: RecordedRequest) => ({
          json: { data: request.query.get('bbox') ? feed.drivers : [] },
        }),
      },
    },
  );
  return { ...view, sockets, feed };
}

const probe = () => screen.getByTestId('probe');
const watches = (emitted: [string, ...unknown[]][]) =>
  emitted.filter(([event]) => event === 'dispatcher:watch').map(([, body]) => (body as { bbox: number[] }).bbox);

describe("an active trip's driver position", () => {
  it('follows the live feed: a box around the last known position, each batch, a new box near the edge', async () => {
    const { sockets, api, feed } = render(superAdminProfile, [live(-1.2705, 36.8105), { ...live(-1.3, 36.9), id: 5 }]);
    await waitFor(() => expect(probe()).toHaveAttribute('data-source', 'live'));
    expect(probe()).toHaveTextContent('-1.2705,36.8105');
    // The snapshot and the watch are a box of ±0.03° around the recorded position.
    expect(api.to('GET /api/trip/dispatcher/drivers')[0].query.get('bbox')).toBe('36.78,-1.3,36.84,-1.24');
    const socket = sockets.latest();
    await waitFor(() => expect(watches(socket.emitted)).toEqual([[36.78, -1.3, 36.84, -1.24]]));

    // Another driver's move changes nothing; this driver's moves the marker.
    socket.serverSends('driverPositions', { at: '', moved: [{ ...live(-1.25, 36.8), id: 5 }], gone: [] });
    socket.serverSends('driverPositions', { at: '', moved: [live(-1.268, 36.812, 0)], gone: [] });
    expect(probe()).toHaveTextContent('-1.2680,36.8120');
    expect(watches(socket.emitted)).toHaveLength(1);

    // Past half-way to the box's edge: a new box around the driver (and its snapshot).
    feed.drivers = [live(-1.252, 36.812, 0)];
    socket.serverSends('driverPositions', { at: '', moved: [live(-1.252, 36.812, 0)], gone: [] });
    await waitFor(() => expect(watches(socket.emitted)).toHaveLength(2));
    expect(watches(socket.emitted)[1]).toEqual([36.782, -1.282, 36.842, -1.222]);
    await waitFor(() => expect(api.to('GET /api/trip/dispatcher/drivers')).toHaveLength(2));
    expect(probe()).toHaveTextContent('-1.2520,36.8120');
    feed.drivers = [];

    // Gone (the app went offline): the driver's recorded position stands in.
    socket.serverSends('driverPositions', { at: '', moved: [], gone: [4] });
    await waitFor(() => expect(probe()).toHaveAttribute('data-source', 'recorded'));
    expect(probe()).toHaveTextContent('-1.2700,36.8100');

    // After a reconnection the box is watched again (batches sent meanwhile were missed).
    const before = watches(socket.emitted).length;
    socket.serverSends('disconnect', 'transport close');
    socket.serverSends('connect');
    await waitFor(() => expect(watches(socket.emitted).length).toBe(before + 1));
  });

  it('shows the recorded position to a viewer without the live feed, without watching', async () => {
    const { sockets, api } = render(financeProfile, [live(-1.2705, 36.8105)]);
    await waitFor(() => expect(probe()).toHaveAttribute('data-source', 'recorded'));
    expect(probe()).toHaveTextContent('-1.2700,36.8100');
    await waitFor(() => expect(sockets.opened).toHaveLength(1));
    expect(watches(sockets.latest().emitted)).toEqual([]);
    expect(api.to('GET /api/trip/dispatcher/drivers')).toHaveLength(0);
  });

  it('shows the recorded position while the feed does not have the driver (their app is offline)', async () => {
    render(superAdminProfile, [{ ...live(-1.3, 36.9), id: 5 }]);
    await waitFor(() => expect(probe()).toHaveAttribute('data-source', 'recorded'));
    expect(probe()).toHaveTextContent('-1.2700,36.8100');
  });
});

describe('a trip not under way', () => {
  it('shows no driver position and asks for none', async () => {
    const sockets = fakeSockets();
    const { api } = renderKit(
      <SocketFactoryContext.Provider value={sockets.factory}>
        <RealtimeProvider>
          <Probe of={{ ...trip, status: 'completed' }} />
        </RealtimeProvider>
      </SocketFactoryContext.Provider>,
      { session: sessionOf(superAdminProfile) },
    );
    await waitFor(() => expect(sockets.opened).toHaveLength(1));
    expect(probe()).toHaveAttribute('data-source', 'none');
    expect(api.to('GET /api/trip/trips/9/driver-position')).toHaveLength(0);
    expect(watches(sockets.latest().emitted)).toEqual([]);
  });
});
