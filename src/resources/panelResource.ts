import { recordLabel, viewPermission, type ResourceManifest } from '../domain/resources';
import type { ResourceDefinition, ResourceScreens } from './types';

/**
 * A panel resource: its name, service, route path, view permission and record label come from
 * the manifest entry (src/domain/resources); the folder adds only its screens, icon and alias routes.
 */
export const definePanelResource = (manifest: ResourceManifest, screens: ResourceScreens): ResourceDefinition => ({
  ...screens,
  manifest,
  name: manifest.name,
  service: manifest.service,
  path: manifest.path,
  permission: viewPermission(manifest),
  recordRepresentation: (record) => recordLabel(manifest, record),
});

/** A resource folder that replaces only some generated screens (src/resources/generated): the others stay generated. */
export interface PanelOverrides {
  manifest: ResourceManifest;
  overrides: Partial<ResourceScreens>;
}

/** `export const x = definePanelOverrides(manifest, { list: lazy(() => import('./MyList')) })` in the folder's index.ts. */
export const definePanelOverrides = (
  manifest: ResourceManifest,
  overrides: Partial<ResourceScreens>,
): PanelOverrides => ({
  manifest,
  overrides,
});
