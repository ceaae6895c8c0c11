import { __unsafe_useEmotionCache, type EmotionCache } from '@emotion/react';
import type { ReactNode } from 'react';

/**
 * MUI's styles go into <style> tags in the document's head through Emotion's cache, one tag per
 * rule in tests, and cleanup() leaves them there: after a dozen screens a file's head holds
 * ~1,500 tags, and jsdom's getComputedStyle (which user-event calls to check pointer-events
 * before every click and typing) matches each element against all of them, ~1 s a call. So a
 * form test that took 3 s alone took 15-20 s late in its file, and timed out under load.
 * `forgetEmotionStyles()` empties the cache between tests; the next render inserts what it uses.
 */
const caches = new Set<EmotionCache>();

/** Remembers the Emotion cache the panel renders with (rendered once at the root by renderApp). */
export function EmotionCacheProbe({ children }: { children: ReactNode }) {
  const cache = __unsafe_useEmotionCache();
  if (cache) caches.add(cache);
  return children;
}

/** Removes the style tags the panel's renders inserted and lets the next render insert them again. */
export function forgetEmotionStyles() {
  for (const cache of caches) {
    cache.sheet.flush();
    for (const name of Object.keys(cache.inserted)) delete cache.inserted[name];
  }
}
