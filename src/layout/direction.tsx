import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider, __unsafe_useEmotionCache } from '@emotion/react';
import type { ReactNode } from 'react';
import type { RaThemeOptions } from 'react-admin';
import { prefixer } from 'stylis';
import rtlPlugin from 'stylis-plugin-rtl';
import { directionOf } from '../domain/locales';
import { useLoadedLocale } from '../i18n/useLoadedLocale';

export type Direction = 'ltr' | 'rtl';

/** The writing direction of the panel's language, updated when the language changes. */
export const useLocaleDirection = (): Direction => useLoadedLocale(directionOf);

/**
 * MUI's documented right-to-left set-up: the theme says `direction: 'rtl'` (components such as
 * the drawer and the text field adornments read it) and an Emotion cache whose stylis plugin
 * mirrors the physical left/right rules of every style. Logical properties (margin-inline-start)
 * are left alone by the plugin and follow `dir` on <html> by themselves.
 */
let rtlCache: EmotionCache | undefined;
const rtlEmotionCache = () => (rtlCache ??= createCache({ key: 'muirtl', stylisPlugins: [prefixer, rtlPlugin] }));

/**
 * Styles go through the mirroring cache in a right-to-left language, and through Emotion's own
 * (the one used until now) otherwise, so a left-to-right page is styled exactly as before. The
 * provider stays in the tree either way: switching language swaps its value, not the tree.
 */
export function DirectionStyles({ direction, children }: { direction: Direction; children: ReactNode }) {
  const ltrCache = __unsafe_useEmotionCache();
  const cache = direction === 'rtl' ? rtlEmotionCache() : ltrCache;
  return cache ? <CacheProvider value={cache}>{children}</CacheProvider> : children;
}

const directed = new WeakMap<RaThemeOptions, RaThemeOptions>();

/** The theme in a direction: the same object for left to right, one mirrored copy kept per theme. */
export function themeIn(theme: RaThemeOptions, direction: Direction): RaThemeOptions {
  if (direction === 'ltr') return theme;
  let rtl = directed.get(theme);
  if (!rtl) directed.set(theme, (rtl = { ...theme, direction: 'rtl' }));
  return rtl;
}
