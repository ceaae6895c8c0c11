import type { Map as MapLibreMap } from 'maplibre-gl';
import { useEffect, useRef, useState } from 'react';
import { config } from '../../config';
import { fallbackStyle, LABELLED_PLACES } from './fallbackStyle';
import type { Bounds } from './geo';

/** How long the configured style may take before the map switches to the offline style. */
export const STYLE_TIMEOUT_MS = 4000;

const loadMapLibre = () => import('./maplibre');
export type MapLibre = Awaited<ReturnType<typeof loadMapLibre>>;

/** Fetches and compiles MapLibre ahead of a map (a screen whose next screens draw one); errors wait for the map. */
export const preloadMapLibre = (): void => void loadMapLibre().catch(() => undefined);

/**
 * 'loading' until a style draws; 'online' with the configured style; 'offline' with the style built
 * in code; 'unsupported' when the browser cannot run WebGL.
 */
export type MapState = 'loading' | 'online' | 'offline' | 'unsupported';

export interface MapReady {
  map: MapLibreMap;
  maplibre: MapLibre;
}

interface Options {
  /** The canvas's accessible name. */
  label: string;
  /** What the map shows first. */
  bounds: Bounds;
  /** Adds the caller's sources and layers; runs again after every style change (the fallback too). */
  onStyle: (ready: MapReady) => void;
  /**
   * Symbols' fade in ms (MapLibre's 300 by default). A map whose data changes every second wants 0:
   * each fade is a train of frames, and with a software renderer every frame is costly.
   */
  fadeDuration?: number;
}

/** Places' names as small HTML markers: the offline style has no glyphs to draw text with. */
function addPlaceLabels({ map, maplibre }: MapReady) {
  for (const place of LABELLED_PLACES) {
    const element = document.createElement('div');
    element.className = 'ride-map-place';
    element.textContent = place.name;
    element.setAttribute('aria-hidden', 'true');
    new maplibre.Marker({ element, anchor: 'top', offset: [0, 4] }).setLngLat([place.lng, place.lat]).addTo(map);
  }
}

/**
 * A MapLibre map in the returned container: loaded lazily, with keyboard-usable zoom buttons, the
 * configured style, and the offline style when that one fails or is slow.
 */
export function useMapLibre({ label, bounds, onStyle, fadeDuration }: Options) {
  const containerRef = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState<MapReady>();
  const [state, setState] = useState<MapState>('loading');
  const onStyleRef = useRef(onStyle);
  onStyleRef.current = onStyle;
  const initial = useRef({ label, bounds, fadeDuration });

  useEffect(() => {
    let cancelled = false;
    let map: MapLibreMap | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    loadMapLibre().then(
      (maplibre) => {
        const container = containerRef.current;
        if (cancelled || !container) return;
        try {
          map = new maplibre.Map({
            container,
            style: config.mapStyleUrl,
            bounds: initial.current.bounds,
            fitBoundsOptions: { padding: 24 },
            attributionControl: { compact: true },
            locale: { 'Map.Title': initial.current.label },
            ...(initial.current.fadeDuration !== undefined ? { fadeDuration: initial.current.fadeDuration } : {}),
          });
        } catch {
          setState('unsupported');
          return;
        }
        const loaded = map;
        const handle = { map: loaded, maplibre };
        loaded.addControl(new maplibre.NavigationControl({ showCompass: false }), 'top-right');
        let styleLoaded = false;
        let fellBack = false;
        const fallBack = () => {
          if (styleLoaded || fellBack) return;
          fellBack = true;
          loaded.setStyle(fallbackStyle(), { diff: false });
          addPlaceLabels(handle);
        };
        timer = setTimeout(fallBack, STYLE_TIMEOUT_MS);
        // Errors before the first style loads mean the style (or its sprite) cannot be fetched.
        loaded.on('error', fallBack);
        loaded.on('style.load', () => {
          styleLoaded = true;
          clearTimeout(timer);
          onStyleRef.current(handle);
          setState(fellBack ? 'offline' : 'online');
        });
        setReady(handle);
      },
      () => !cancelled && setState('unsupported'),
    );
    return () => {
      cancelled = true;
      clearTimeout(timer);
      map?.remove();
    };
  }, []);

  return { containerRef, ready, state };
}
