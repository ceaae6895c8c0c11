import { createElement, lazy, useState, type ComponentProps, type ComponentType, type FunctionComponent } from 'react';

/** A lazily loaded screen whose code can be fetched ahead of its first render (menu hover, focus). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- screens take any props, as React.lazy allows
export type PreloadableScreen<T extends ComponentType<any>> = FunctionComponent<ComponentProps<T>> & {
  preload: () => Promise<unknown>;
};

/**
 * React.lazy plus `preload()`: both start the same single import, so hovering twice or rendering
 * after a hover fetches nothing more.
 *
 * A screen whose code is already in renders it directly instead of through React.lazy: a lazy
 * component suspends on its first render even when its import has resolved, and React 19 then
 * holds the revealed screen back until 300 ms after the fallback was shown (its Suspense
 * throttle), which was most of the time between a click on a preloaded menu link and the screen.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
export function lazyScreen<T extends ComponentType<any>>(load: () => Promise<{ default: T }>): PreloadableScreen<T> {
  let loading: Promise<{ default: T }> | undefined;
  let loaded: T | undefined;
  const once = () => {
    loading ??= load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        // A failed fetch (offline, a new deployment) may be tried again by the next hover or render.
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(once);
  function Screen(props: ComponentProps<T>) {
    // Chosen once per mount, so that the code arriving later never swaps the component (a remount).
    const [Component] = useState<ComponentType<ComponentProps<T>>>(
      () => (loaded ?? Lazy) as ComponentType<ComponentProps<T>>,
    );
    return createElement(Component, props);
  }
  return Object.assign(Screen, { preload: once });
}

/** Starts fetching a screen's code if it is a preloadable one; errors wait for the render, which shows them. */
export function preloadScreen(screen: unknown): void {
  const preload = (screen as { preload?: unknown } | undefined)?.preload;
  if (typeof preload === 'function') (preload as () => Promise<unknown>)().catch(() => {});
}
