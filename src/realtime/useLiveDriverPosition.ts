import { useEffect, useMemo, useState } from 'react';
import { useSession } from '../auth/useSession';
import { followBox, followedIn, needsRecentre, type LatLng } from '../domain/followDriver';
import type { DriverPositionsBatch, LiveDriver } from '../domain/liveDrivers';
import { P } from '../domain/permissionNames';
import { useSocketEvent } from './RealtimeProvider';
import { POSITIONS_EVENT, useDriverFeed } from './useDriverFeed';
import type { SocketState } from './useSocketFallback';

export interface LiveDriverPosition {
  /** The driver's latest position on the live feed; null while the feed has none (or may not be read). */
  driver: LiveDriver | null;
  /** Whether the viewer may read the feed (view-DispatcherPage); without it the caller shows its fallback. */
  allowed: boolean;
  socket: SocketState;
}

/**
 * Follows one driver on the live feed (the dispatcher's contract, src/domain/liveDrivers.ts): the
 * REST snapshot `dispatcher/drivers` of a ~3 km box around `near` (the driver's last known position,
 * or the pickup), then `dispatcher:watch` of that box and the `driverPositions` batches, moving the
 * box when the driver nears its edge or leaves it. While the socket is down the snapshot is read
 * every 5 s instead. Only for staff holding view-DispatcherPage (the server refuses the others); the
 * feed holds drivers whose app is online, so `driver` stays null for the others. The server keeps one
 * watched box per socket: one follower (or the dispatcher's map) per page.
 */
export function useLiveDriverPosition(driverId: number | null, near: LatLng | null): LiveDriverPosition {
  const session = useSession();
  const allowed = !!session?.userInfo.role.permissions.some((p) => p.name === P.viewDispatcherPage);
  const enabled = allowed && driverId !== null;

  const [followed, setFollowed] = useState<{ id: number | null; driver: LiveDriver | null }>({
    id: driverId,
    driver: null,
  });
  // A new driver (reassigned) starts from nothing.
  const driver = followed.id === driverId ? followed.driver : null;
  // The box stays put while the driver is inside its middle; it moves (recentred) only when they
  // near its edge. Until then it is around `near`.
  const [recentred, setRecentred] = useState<{ id: number | null; at: LatLng } | null>(null);
  const centre = recentred?.id === driverId ? recentred.at : near;
  const box = useMemo(() => (centre ? followBox(centre) : undefined), [centre?.lat, centre?.lng]); // eslint-disable-line react-hooks/exhaustive-deps
  const recentre = (at: LatLng) => setRecentred({ id: driverId, at: { lat: at.lat, lng: at.lng } });

  const { snapshot, socket } = useDriverFeed(enabled ? box : undefined);
  useEffect(() => {
    if (!snapshot.data || driverId === null) return;
    const found = snapshot.data.find((d) => d.id === driverId) ?? null;
    if (found && box && needsRecentre(box, found)) recentre(found);
    setFollowed((state) =>
      state.id === driverId && state.driver && found && Date.parse(state.driver.at) > Date.parse(found.at)
        ? state
        : { id: driverId, driver: found },
    );
    // `box` and `recentre` follow the snapshot's box and `driverId`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [snapshot.data, driverId]);

  useSocketEvent<DriverPositionsBatch>(POSITIONS_EVENT, (batch) => {
    if (!enabled || driverId === null) return;
    const news = followedIn(batch, driverId, driver);
    if (news === undefined) return;
    if (news === 'gone') {
      // Offline, or out of the box between two batches: watch around where it was last; a full
      // batch follows a new watch and brings it back if it is still online.
      setFollowed({ id: driverId, driver: null });
      if (driver) recentre(driver);
      return;
    }
    setFollowed({ id: driverId, driver: news });
    if (box && needsRecentre(box, news)) recentre(news);
  });

  return { driver: enabled ? driver : null, allowed, socket };
}
