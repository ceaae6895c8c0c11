/** Vite writes content-hashed file names under assets/: a changed file gets a new name. */
export const HASHED_ASSET = 'public, max-age=31536000, immutable';
/** The HTML names the current hashed files, so the browser must revalidate it on every visit. */
export const REVALIDATE = 'no-cache';
/** favicon, robots.txt and the like keep their names across deploys. */
export const SHORT_LIVED = 'public, max-age=3600';

const PRECOMPRESSED_SUFFIX = /\.(br|gz)$/;

/**
 * The Cache-Control of a file of the built panel, from its path relative to the
 * panel's root (forward slashes; a precompressed `.br`/`.gz` twin counts as its original).
 */
export function cacheControlFor(relativePath: string): string {
  const file = relativePath.replace(/^\/+/, '').replace(PRECOMPRESSED_SUFFIX, '');
  if (file.startsWith('assets/')) return HASHED_ASSET;
  if (file.endsWith('.html')) return REVALIDATE;
  return SHORT_LIVED;
}
