import { useDriverSnapshot } from '../../realtime/useDriverSnapshot';
import { useEffect, useRef, useState } from 'react';
import type { DriverPositionsBatch } from '../../domain/liveDrivers';
import { useRealtimeSocket, useSocketEvent } from '../../realtime/RealtimeProvider';
import { useSocketFallback, type SocketState } from '../../realtime/useSocketFallback';
import { applyPositions, fromSnapshot, roundBox, sameBox, type BBox, type LiveDrivers } from './model';

/** While the socket is down, the snapshot is fetched this often. */
export const SNAPSHOT_RETRY_MS = 5_000;

export const WATCH_EVENT = 'dispatcher:watch';
export const UNWATCH_EVENT = 'dispatcher:unwatch';
export const POSITIONS_EVENT = 'driverPositions';

export interface LiveFeed {
  drivers: LiveDrivers;
  socket: SocketState;
  /** The snapshot could not be read (the feed is down or not served). */
  failed: boolean;
  loading: boolean;
}

/**
 * The online drivers in view: the REST snapshot first, then the `driverPositions` deltas the server
 * sends once a second after `dispatcher:watch` with the visible box (sent again on every move and
 * after a reconnection). While the socket is down the snapshot is fetched every 5 s.
 */
export function useLiveDrivers(box: BBox | undefined): LiveFeed {
  const socket = useRealtimeSocket();
  const [drivers, setDrivers] = useState<LiveDrivers>(() => new Map());
  const watched = useRef<BBox>(undefined);
  const rounded = box && roundBox(box);
  const key = rounded?.join(',');

  const snapshot = useDriverSnapshot(key);
  useEffect(() => {
    if (snapshot.data) setDrivers(fromSnapshot(snapshot.data));
  }, [snapshot.data]);

  useSocketEvent<DriverPositionsBatch>(POSITIONS_EVENT, (batch) => setDrivers((state) => applyPositions(state, batch)));
  const socketState = useSocketFallback(() => void snapshot.refetch(), SNAPSHOT_RETRY_MS);

  // Watch the visible box: on each change, and again after every (re)connection.
  useEffect(() => {
    if (!socket || !rounded) return;
    const watch = () => {
      socket.emit(WATCH_EVENT, { bbox: rounded });
      watched.current = rounded;
    };
    if (!sameBox(watched.current, rounded)) watch();
    socket.on('connect', watch);
    return () => {
      socket.off('connect', watch);
    };
    // `key` stands for `rounded`'s content.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [socket, key]);

  useEffect(() => {
    if (!socket) return;
    return () => {
      socket.emit(UNWATCH_EVENT);
      watched.current = undefined;
    };
  }, [socket]);

  return { drivers, socket: socketState, failed: snapshot.isError, loading: snapshot.isPending && key !== undefined };
}
