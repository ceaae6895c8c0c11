import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** A lazily loaded screen whose code can be fetched ahead of its first render (menu hover, focus). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- screens take any props, as React.lazy allows
export type PreloadableScreen<T extends ComponentType<any>> = LazyExoticComponent<T> & {
  preload: () => Promise<unknown>;
};

/** React.lazy plus `preload()`: both start the same single import, so hovering twice or rendering after a hover fetches nothing more. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
export function lazyScreen<T extends ComponentType<any>>(load: () => Promise<{ default: T }>): PreloadableScreen<T> {
  let loading: Promise<{ default: T }> | undefined;
  const once = () => {
    // A failed fetch (offline, a new deployment) may be tried again by the next hover or render.
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
  return Object.assign(lazy(once), { preload: once });
}

/** Starts fetching a screen's code if it is a preloadable one; errors wait for the render, which shows them. */
export function preloadScreen(screen: unknown): void {
  const preload = (screen as { preload?: unknown } | undefined)?.preload;
  if (typeof preload === 'function') (preload as () => Promise<unknown>)().catch(() => {});
}
