/** Map settings shared by the panel (VITE_MAP_STYLE_URL) and the server (its CSP). */

/** A public MapLibre style that needs no key. */
export const DEFAULT_MAP_STYLE_URL = 'https://tiles.openfreemap.org/styles/liberty';

/** The origin a style URL loads from (its tiles, glyphs and sprites too, for the default), or none for a same-origin path. */
export function styleOrigin(styleUrl: string): string | undefined {
  try {
    const url = new URL(styleUrl);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}
