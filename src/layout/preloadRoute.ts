import { preloadScreen } from '../kit/lazyScreen';
import { resources } from '../resources/registry';

/**
 * Fetches the code of the screen a menu link opens, when the link is hovered or focused, so the
 * click waits for data only. Resources whose screens are preloadable (lazyScreen) take part; the
 * others load on render as before.
 */
export function preloadRoute(path: string): void {
  const resource = resources.find((r) => `/${r.path}` === path);
  if (resource) preloadScreen(resource.list);
}
