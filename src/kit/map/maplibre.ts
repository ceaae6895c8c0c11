/**
 * MapLibre GL JS and its stylesheet, imported only through loadMapLibre() so that it lands in a
 * lazy chunk of its own. The worker is the package's self-contained module worker, served as a
 * hashed asset from our origin (CSP worker-src 'self'): bundling moves maplibre-gl.mjs away from
 * the file it would otherwise look for next to itself.
 */
import { setWorkerUrl } from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';

setWorkerUrl(workerUrl);

export { Map, Marker, NavigationControl } from 'maplibre-gl';
