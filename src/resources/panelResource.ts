import type { ComponentType } from 'react';
import type { ResourceManifest } from '../domain/resources';
import type { ResourceScreens } from './types';

/** The screens the generator gives and a folder may turn off: the list and the icon are always there. */
export type OptionalScreen = 'show' | 'create' | 'edit';

/**
 * What a folder changes over the generated screens (src/resources/generated): a screen of its own
 * replaces the generated one, `false` says the resource has no such screen (no route, no button),
 * e.g. `show: false` for a read-only log whose rows expand in place. The rest stays generated.
 */
export type ScreenOverrides = Partial<Omit<ResourceScreens, OptionalScreen>> & {
  [screen in OptionalScreen]?: ComponentType | false;
};

/** A resource folder's declaration: its manifest entry and the screens it overrides. */
export interface PanelOverrides {
  manifest: ResourceManifest;
  overrides: ScreenOverrides;
}

/**
 * The one way a folder registers (src/resources/<name>/index.ts):
 * `export const x = definePanelOverrides(manifest, { list: lazy(() => import('./MyList')), show: false })`.
 * A resource that needs only the generated screens has no folder at all.
 */
export const definePanelOverrides = (manifest: ResourceManifest, overrides: ScreenOverrides): PanelOverrides => ({
  manifest,
  overrides,
});
