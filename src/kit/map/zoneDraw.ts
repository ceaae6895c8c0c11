/**
 * The zone editor's drawing on the map, with terra-draw and its MapLibre adapter (imported only
 * through loadZoneDraw(), so both land in a lazy chunk of their own, like MapLibre itself).
 *
 * Without an outline the map is in terra-draw's polygon mode: each click adds a point, a click on
 * the first (or last) point closes it. With one it is selected in the select mode: drag a point to
 * move it, drag (or click) the small point in the middle of an edge to add one, right-click a point
 * to delete it. Every finished step reports the whole ring; the outline may not cross itself.
 */
import type { Map as MapLibreMap } from 'maplibre-gl';
import { TerraDraw, TerraDrawPolygonMode, TerraDrawSelectMode, ValidateNotSelfIntersecting } from 'terra-draw';
import { TerraDrawMapLibreGLAdapter } from 'terra-draw-maplibre-gl-adapter';
import type { Position } from './geo';
import { closedPolygonOf, ringOfGeometry, sameRing } from './ring';

const COLOUR = '#6a1b9a';
const WHITE = '#ffffff';

export interface ZoneDraw {
  /** Shows this ring (a change made elsewhere: the points list, "Start again"). */
  show(ring: readonly Position[]): void;
  stop(): void;
}

export function startZoneDraw(
  map: MapLibreMap,
  ring: readonly Position[],
  onRing: (ring: Position[]) => void,
): ZoneDraw {
  const draw = new TerraDraw({
    adapter: new TerraDrawMapLibreGLAdapter({ map, coordinatePrecision: 6, prefixId: 'zone-draw' }),
    modes: [
      new TerraDrawPolygonMode({
        validation: (feature) => ValidateNotSelfIntersecting(feature),
        styles: {
          fillColor: COLOUR,
          fillOpacity: 0.18,
          outlineColor: COLOUR,
          outlineWidth: 2,
          closingPointColor: WHITE,
          closingPointOutlineColor: COLOUR,
          closingPointWidth: 6,
          closingPointOutlineWidth: 2,
        },
      }),
      new TerraDrawSelectMode({
        // The outline stays selected: its points are always there to drag.
        allowManualDeselection: false,
        flags: {
          polygon: {
            feature: {
              draggable: false,
              selfIntersectable: false,
              coordinates: { draggable: true, midpoints: { draggable: true }, deletable: true },
            },
          },
        },
        styles: {
          selectedPolygonColor: COLOUR,
          selectedPolygonFillOpacity: 0.18,
          selectedPolygonOutlineColor: COLOUR,
          selectedPolygonOutlineWidth: 2,
          selectionPointColor: WHITE,
          selectionPointOutlineColor: COLOUR,
          selectionPointWidth: 6,
          selectionPointOutlineWidth: 2,
          midPointColor: COLOUR,
          midPointOutlineColor: WHITE,
          midPointWidth: 4,
          midPointOutlineWidth: 1,
        },
      }),
    ],
  });
  draw.start();
  // What terra-draw holds, so a value that came from it is not put back.
  let shown: Position[] = [];

  const show = (next: readonly Position[]) => {
    if (shown.length && sameRing(next, shown)) return;
    shown = [...next];
    draw.clear();
    const polygon = closedPolygonOf(next);
    if (!polygon) return void draw.setMode('polygon');
    draw.setMode('select');
    const id = draw.getFeatureId();
    const [added] = draw.addFeatures([{ id, type: 'Feature', geometry: polygon, properties: { mode: 'polygon' } }]);
    if (added?.valid) draw.selectFeature(id);
  };

  draw.on('finish', (id, context) => {
    const next = ringOfGeometry(draw.getSnapshotFeature(id)?.geometry);
    if (next.length < 3) return;
    shown = next;
    onRing(next);
    if (context.mode === 'polygon') {
      draw.setMode('select');
      draw.selectFeature(id);
    }
  });
  show(ring);
  if (!ring.length) draw.setMode('polygon');

  return {
    show,
    stop() {
      // After a style change the old layers are gone already: nothing left to remove.
      try {
        draw.stop();
      } catch {
        /* the map was replaced or removed */
      }
    },
  };
}
