import { MANIFEST, type ResourceManifest } from '../domain/resources';
import { createResourceLookup } from './resourceLookup';
import type { ResourceDefinition } from './types';

/** Every folder's index.ts (small: the screens it names load lazily). */
const folders = import.meta.glob<Record<string, unknown>>('./*/index.ts', { eager: true });

const isDefinitionOf = (manifest: ResourceManifest, value: unknown): value is ResourceDefinition =>
  typeof value === 'object' && value !== null && (value as Partial<ResourceDefinition>).manifest === manifest;

/** The definition that src/resources/<name>/index.ts exports for a manifest entry. */
function panelResource(manifest: ResourceManifest): ResourceDefinition {
  const found = Object.values(folders[`./${manifest.name}/index.ts`] ?? {}).find((value) =>
    isDefinitionOf(manifest, value),
  );
  if (!found)
    throw new Error(
      `No panel resource for ${manifest.name}: src/resources/${manifest.name}/index.ts must export definePanelResource(<its manifest entry>, …)`,
    );
  return found as ResourceDefinition;
}

/** Every resource of the panel, one per manifest entry and in its order: adding one means adding its folder. */
export const resources: readonly ResourceDefinition[] = MANIFEST.map(panelResource);

export const resourceLookup = createResourceLookup(resources);
