import { useMemo } from 'react';
import { useCanAccess, useGetList } from 'react-admin';
import { zones } from '../../domain/resources';
import type { Zone } from '../../resources/zones/types';

/** A zone's colour on the map: the service areas green, zones without pickups red, others purple. */
export const zoneColour = (z: Pick<Zone, 'kind' | 'pickupAllowed'>) =>
  z.kind === 'service_area' ? '#2e7d32' : z.pickupAllowed ? '#6a1b9a' : '#c62828';

/** The active service zones as map areas, for staff who may view zones (none otherwise). */
export function useZoneAreas(): GeoJSON.FeatureCollection | undefined {
  const { canAccess } = useCanAccess({ resource: zones.path, action: 'list' });
  const { data } = useGetList<Zone>(
    zones.path,
    { pagination: { page: 1, perPage: 200 }, sort: { field: 'name', order: 'ASC' }, filter: { active: true } },
    { enabled: canAccess === true, staleTime: 60_000 },
  );
  return useMemo(
    () =>
      data && {
        type: 'FeatureCollection',
        features: data.map((z) => ({
          type: 'Feature',
          properties: { name: z.name, colour: zoneColour(z) },
          geometry: z.polygon as unknown as GeoJSON.Polygon,
        })),
      },
    [data],
  );
}
