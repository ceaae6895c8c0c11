import { act, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BBox } from '../../../src/domain/liveDrivers';
import { RealtimeProvider, SocketFactoryContext } from '../../../src/realtime/RealtimeProvider';
import { useDriverFeed } from '../../../src/realtime/useDriverFeed';
import { sessionOf, superAdminProfile } from '../../unit/support/staffFixtures';
import { renderKit } from '../kit/renderKit';
import { fakeSockets } from '../support/fakeSocket';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const NAIROBI: BBox = [36.7, -1.37, 36.95, -1.2];
const WESTLANDS: BBox = [36.78, -1.28, 36.82, -1.24];

let setBox: (box: BBox | undefined) => void = () => undefined;

/** A screen whose box the test moves, showing how many drivers the snapshot has. */
function Probe({ initial }: { initial: BBox | undefined }) {
  const [box, set] = useState(initial);
  setBox = set;
  const { snapshot, socket } = useDriverFeed(box);
  return (
    <div data-testid="probe" data-socket={socket}>
      {snapshot.data ? `${snapshot.data.length} drivers` : 'none'}
    </div>
  );
}

function render(initial: BBox | undefined) {
  const sockets = fakeSockets();
  const view = renderKit(
    <SocketFactoryContext.Provider value={sockets.factory}>
      <RealtimeProvider>
        <Probe initial={initial} />
      </RealtimeProvider>
    </SocketFactoryContext.Provider>,
    {
      session: sessionOf(superAdminProfile),
      api: { 'GET /api/trip/dispatcher/drivers': { json: { data: [] } } },
    },
  );
  return { ...view, sockets };
}

const sent = (emitted: [string, ...unknown[]][]) =>
  emitted.filter(([event]) => event.startsWith('dispatcher:')).map(([event, body]) => [event, body]);

describe('the live drivers feed of a box', () => {
  it('reads the snapshot, watches the box, watches again after a move or a reconnection, unwatches when the box goes', async () => {
    const { sockets, api, unmount } = render(NAIROBI);
    expect(await screen.findByText('0 drivers')).toBeInTheDocument();
    expect(api.to('GET /api/trip/dispatcher/drivers')[0].query.get('bbox')).toBe('36.7,-1.37,36.95,-1.2');
    const socket = sockets.latest();
    await waitFor(() => expect(sent(socket.emitted)).toEqual([['dispatcher:watch', { bbox: NAIROBI }]]));

    act(() => setBox(WESTLANDS));
    await waitFor(() => expect(sent(socket.emitted).at(-1)).toEqual(['dispatcher:watch', { bbox: WESTLANDS }]));
    // The same box again (a new array) sends nothing.
    act(() => setBox([...WESTLANDS]));
    socket.serverSends('disconnect', 'transport close');
    socket.serverSends('connect');
    await waitFor(() => expect(sent(socket.emitted)).toHaveLength(3));
    expect(sent(socket.emitted)[2]).toEqual(['dispatcher:watch', { bbox: WESTLANDS }]);

    act(() => setBox(undefined));
    await waitFor(() => expect(sent(socket.emitted).at(-1)).toEqual(['dispatcher:unwatch', undefined]));
    // A box again is watched afresh.
    act(() => setBox(WESTLANDS));
    await waitFor(() => expect(sent(socket.emitted).at(-1)).toEqual(['dispatcher:watch', { bbox: WESTLANDS }]));
    unmount();
    expect(sent(socket.emitted).at(-1)).toEqual(['dispatcher:unwatch', undefined]);
  });

  it('without a box, watches nothing and reads nothing, even while the socket is down', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { sockets, api } = render(undefined);
    await waitFor(() => expect(sockets.opened.length).toBe(1));
    const socket = sockets.latest();
    socket.serverSends('disconnect', 'transport close');
    await waitFor(() => expect(screen.getByTestId('probe')).toHaveAttribute('data-socket', 'down'));
    await act(() => vi.advanceTimersByTimeAsync(12_000));
    expect(api.to('GET /api/trip/dispatcher/drivers')).toEqual([]);
    expect(sent(socket.emitted)).toEqual([]);

    // With a box, the snapshot is re-read every 5 s while the socket is down.
    act(() => setBox(NAIROBI));
    await waitFor(() => expect(api.to('GET /api/trip/dispatcher/drivers')).toHaveLength(1));
    await act(() => vi.advanceTimersByTimeAsync(10_500));
    expect(api.to('GET /api/trip/dispatcher/drivers').length).toBeGreaterThanOrEqual(3);
  });
});
