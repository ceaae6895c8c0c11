import { useCallback, useEffect } from 'react';
import { usePrefetch } from '../dataProviders/prefetch';
import { preloadScreen } from '../kit/lazyScreen';
import { whenIdle } from '../kit/whenIdle';
import { resources } from '../resources/registry';
import { isMenuGroup, type MenuEntry } from './menu';

/** How long after the panel opens its menu's screens start to be fetched, when the page is idle. */
const IDLE_PRELOAD_DELAY_MS = 300;

const resourceAt = (path: string) => resources.find((r) => `/${r.path}` === path);

/**
 * What a menu link does when hovered or focused: fetches the code of the screen it opens, and for a
 * list that declares its first page (`firstPage`), that page's data, so the click waits for
 * neither. Resources whose screens are preloadable (lazyScreen) take part; the others load on
 * render as before.
 */
export function useRoutePreload(): (path: string) => void {
  const prefetch = usePrefetch();
  return useCallback(
    (path: string) => {
      const resource = resourceAt(path);
      if (!resource) return;
      // The data first: browsers open six connections to a server, and the code's files would take them all.
      if (resource.firstPage) prefetch.firstPage(resource.path, resource.firstPage);
      preloadScreen(resource.list);
    },
    [prefetch],
  );
}

/**
 * Once the panel has opened and the page is idle, fetches the code of the preloadable screens the
 * menu offers, so that a first visit waits for data only (a pointer resting on a link for a moment
 * is not time enough to fetch a screen's code).
 */
export function useIdleMenuPreload(entries: readonly MenuEntry[]): void {
  useEffect(() => {
    const paths = entries.flatMap((entry) => (isMenuGroup(entry) ? entry.children : [entry])).map((e) => e.path);
    return whenIdle(() => paths.forEach((path) => preloadScreen(resourceAt(path)?.list)), {
      delayMs: IDLE_PRELOAD_DELAY_MS,
    });
  }, [entries]);
}
