import { useEffect, useRef } from 'react';
import type { BBox } from '../domain/liveDrivers';
import { useRealtimeSocket } from './RealtimeProvider';
import { useDriverSnapshot } from './useDriverSnapshot';
import { useSocketFallback } from './useSocketFallback';

/** While the socket is down, the snapshot is fetched this often. */
export const SNAPSHOT_RETRY_MS = 5_000;

export const WATCH_EVENT = 'dispatcher:watch';
export const UNWATCH_EVENT = 'dispatcher:unwatch';
export const POSITIONS_EVENT = 'driverPositions';

/**
 * The live drivers feed inside a box (the contract in src/domain/liveDrivers.ts), for the
 * dispatcher's map and for a followed driver: the REST snapshot of the box, and `dispatcher:watch`
 * of the box on the staff socket, sent on each change of the box and again after every
 * (re)connection, so that the server sends the `driverPositions` batches (the caller listens to
 * POSITIONS_EVENT); `dispatcher:unwatch` once the box is gone (undefined) or the caller unmounts.
 * While the socket is down the snapshot is re-read every 5 s. Off while `box` is undefined. The
 * server keeps one watched box per socket: one feed per page.
 */
export function useDriverFeed(box: BBox | undefined) {
  const socket = useRealtimeSocket();
  const key = box?.join(',');
  const snapshot = useDriverSnapshot(key);

  // The query is off without a box, but refetch() would still read every driver.
  const watching = key !== undefined;
  const latest = useRef(watching);
  latest.current = watching;
  const socketState = useSocketFallback(() => {
    if (latest.current) void snapshot.refetch();
  }, SNAPSHOT_RETRY_MS);

  const watched = useRef<string>(undefined);
  useEffect(() => {
    if (!socket || !box) return;
    const watch = () => {
      socket.emit(WATCH_EVENT, { bbox: box });
      watched.current = key;
    };
    if (watched.current !== key) watch();
    socket.on('connect', watch);
    return () => {
      socket.off('connect', watch);
    };
    // `key` stands for `box`'s content.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [socket, key]);

  useEffect(() => {
    if (!socket || !watching) return;
    return () => {
      socket.emit(UNWATCH_EVENT);
      watched.current = undefined;
    };
  }, [socket, watching]);

  return { snapshot, socket: socketState };
}
