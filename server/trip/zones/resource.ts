import { defineResource } from '../../rest/declaration.js';
import { zones as zonesManifest } from '../../../src/domain/resources/zones.js';
import { bboxOf, closedPolygon, type ZonePolygon } from '../../../src/domain/zones.js';

export const zones = defineResource(zonesManifest, {
  table: 'zones',
  description: `Service zones drawn on the map. polygon is a GeoJSON Polygon (one ring of [lng, lat] points, 3 to 200, not crossing itself); the bounding box (minLat…maxLng) is computed from it and indexed, and points are tested point-in-polygon on the server.
- kind service_area: the active service areas together are where a trip may start and end; a booking (staff or passenger app) with its pickup or drop-off outside every one is refused with a field error. Without any, the city's box is the area.
- pickupAllowed false: a booking whose pickup is in the zone is refused ("Pickups are not allowed in <name>").
- surgeMultiplier: adds to the price settings' surge window for pickups in the zone (1.3 adds 0.3; of overlapping zones the highest). The fare estimates show it.`,
  delete: true,
  // The live service-area watch of this process reads the areas again (other processes within 30 s).
  async afterWrite(ctx) {
    ctx.afterCommit(() => ctx.services.live.areaWatch?.forgetAreas());
  },
  async toColumns(input) {
    const columns = { ...input };
    if (input.polygon !== undefined) {
      const polygon = closedPolygon(input.polygon as ZonePolygon);
      Object.assign(columns, { polygon, ...bboxOf(polygon) });
    }
    return columns;
  },
});
