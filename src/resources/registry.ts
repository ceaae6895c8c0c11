import { MANIFEST, type ResourceManifest } from '../domain/resources';
import { generatedScreens } from './generated/generatedScreens';
import { definePanelResource, type PanelOverrides } from './panelResource';
import { createResourceLookup } from './resourceLookup';
import type { ResourceDefinition } from './types';

/** Every folder's index.ts (small: the screens it names load lazily). */
const folders = import.meta.glob<Record<string, unknown>>('./*/index.ts', { eager: true });

const isDefinitionOf = (manifest: ResourceManifest, value: unknown): value is ResourceDefinition =>
  typeof value === 'object' &&
  value !== null &&
  !('overrides' in value) &&
  (value as Partial<ResourceDefinition>).manifest === manifest;

const isOverridesOf = (manifest: ResourceManifest, value: unknown): value is PanelOverrides =>
  typeof value === 'object' &&
  value !== null &&
  'overrides' in value &&
  (value as Partial<PanelOverrides>).manifest === manifest;

/**
 * The panel resource of a manifest entry: the complete definition its folder's index.ts exports
 * (definePanelResource), or the generated screens (src/resources/generated) with those the folder
 * overrides (definePanelOverrides). A generated resource needs no folder at all.
 */
export function panelResource(
  manifest: ResourceManifest,
  exports: readonly unknown[] = Object.values(folders[`./${manifest.name}/index.ts`] ?? {}),
): ResourceDefinition {
  const complete = exports.find((value) => isDefinitionOf(manifest, value));
  if (complete) return complete;
  const partial = exports.find((value) => isOverridesOf(manifest, value));
  return definePanelResource(manifest, { ...generatedScreens(manifest), ...partial?.overrides });
}

/** Every resource of the panel, one per manifest entry and in its order: adding one means adding its folder. */
export const resources: readonly ResourceDefinition[] = MANIFEST.map((manifest) => panelResource(manifest));

export const resourceLookup = createResourceLookup(resources);
