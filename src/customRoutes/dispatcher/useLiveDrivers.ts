import { useEffect, useState } from 'react';
import type { DriverPositionsBatch } from '../../domain/liveDrivers';
import { useSocketEvent } from '../../realtime/RealtimeProvider';
import { POSITIONS_EVENT, useDriverFeed } from '../../realtime/useDriverFeed';
import type { SocketState } from '../../realtime/useSocketFallback';
import { applyPositions, fromSnapshot, roundBox, type BBox, type LiveDrivers } from './model';

export interface LiveFeed {
  drivers: LiveDrivers;
  socket: SocketState;
  /** The snapshot could not be read (the feed is down or not served). */
  failed: boolean;
  loading: boolean;
}

/**
 * The online drivers in view: the REST snapshot first, then the `driverPositions` deltas the server
 * sends once a second after `dispatcher:watch` with the visible box, rounded so that tiny pans do
 * not re-send it (useDriverFeed). While the socket is down the snapshot is fetched every 5 s.
 */
export function useLiveDrivers(box: BBox | undefined): LiveFeed {
  const [drivers, setDrivers] = useState<LiveDrivers>(() => new Map());
  const { snapshot, socket } = useDriverFeed(box && roundBox(box));
  useEffect(() => {
    if (snapshot.data) setDrivers(fromSnapshot(snapshot.data));
  }, [snapshot.data]);

  useSocketEvent<DriverPositionsBatch>(POSITIONS_EVENT, (batch) => setDrivers((state) => applyPositions(state, batch)));

  return { drivers, socket, failed: snapshot.isError, loading: snapshot.isPending && box !== undefined };
}
