import { MANIFEST, recordLabel, viewPermission, type ResourceManifest } from '../domain/resources';
import { generatedScreens } from './generated/generatedScreens';
import type { PanelOverrides } from './panelResource';
import { createResourceLookup } from './resourceLookup';
import type { ResourceDefinition } from './types';

/** Every folder's index.ts (small: the screens it names load lazily). */
const folders = import.meta.glob<Record<string, unknown>>('./*/index.ts', { eager: true });

const isOverridesOf = (manifest: ResourceManifest, value: unknown): value is PanelOverrides =>
  typeof value === 'object' &&
  value !== null &&
  'overrides' in value &&
  (value as Partial<PanelOverrides>).manifest === manifest;

/**
 * The panel resource of a manifest entry: the generated screens (src/resources/generated) with
 * those its folder's index.ts overrides (definePanelOverrides); a screen overridden with `false` is
 * left out. A resource without a folder keeps every generated screen. A folder that exports no
 * overrides of its entry is a mistake, said by name.
 */
export function panelResource(
  manifest: ResourceManifest,
  exports: readonly unknown[] | undefined = folders[`./${manifest.name}/index.ts`] &&
    Object.values(folders[`./${manifest.name}/index.ts`]),
): ResourceDefinition {
  const declared = exports?.find((value) => isOverridesOf(manifest, value));
  if (exports && !declared)
    throw new Error(
      `src/resources/${manifest.name}/index.ts exports no definePanelOverrides(<its manifest entry>, { … }): the one way a folder declares its screens`,
    );
  const { show, create, edit, ...always } = { ...generatedScreens(manifest), ...declared?.overrides };
  return {
    ...always,
    ...(show && { show }),
    ...(create && { create }),
    ...(edit && { edit }),
    manifest,
    name: manifest.name,
    service: manifest.service,
    path: manifest.path,
    permission: viewPermission(manifest),
    recordRepresentation: (record) => recordLabel(manifest, record),
  };
}

/** Every resource of the panel, one per manifest entry and in its order. */
export const resources: readonly ResourceDefinition[] = MANIFEST.map((manifest) => panelResource(manifest));

export const resourceLookup = createResourceLookup(resources);
