import { ALL_PERMISSIONS, SUBJECTS, permissionName } from '../../../src/domain/permissions';
import type { ResourceManifest } from '../../../src/domain/resources';
import { MENU_ICON_NAMES, isMenuGroup, type MenuEntry } from '../../../src/layout/menu';
import { catalogueAt } from './catalogueAt';

type Messages = Record<string, unknown>;

const lookup = (messages: Messages, key: string): unknown => catalogueAt(messages, key);

/**
 * What a declared resource lacks for the panel and the roles, one sentence each: its subject in the
 * permission catalogue with view (and create, update, delete when it is writable), its menu entry
 * (or a reason for none) with a known icon, and the translations of its name and menu label, and of
 * its fields when the panel generates its screens.
 */
export function declarationGaps(
  manifest: ResourceManifest,
  { menu, messages }: { menu: readonly MenuEntry[]; messages: Messages },
): string[] {
  const gaps: string[] = [];
  const subject = SUBJECTS.find((s) => s.name === manifest.subject);
  if (!subject) gaps.push(`${manifest.name}: its subject ${manifest.subject} is not in the permission catalogue`);
  const actions =
    manifest.create || manifest.update ? (['view', 'create', 'update', 'delete'] as const) : (['view'] as const);
  for (const action of actions) {
    const permission = permissionName(action, manifest.subject);
    if (!ALL_PERMISSIONS.includes(permission)) gaps.push(`${manifest.name}: no permission ${permission}`);
  }
  const placement = manifest.menu;
  if (!placement) gaps.push(`${manifest.name}: declares no menu entry (menu: { id, icon } or { none: why })`);
  else if (!('none' in placement)) {
    const leaves = menu.flatMap((entry) => [entry, ...(isMenuGroup(entry) ? entry.children : [])]);
    const leaf = leaves.find((entry) => entry.id === placement.id);
    if (!leaf) gaps.push(`${manifest.name}: no menu entry ${placement.id}`);
    else if (leaf.path !== `/${manifest.path}`)
      gaps.push(`${manifest.name}: menu entry ${placement.id} opens ${leaf.path}`);
    if (!(MENU_ICON_NAMES as readonly string[]).includes(placement.icon))
      gaps.push(`${manifest.name}: unknown menu icon ${placement.icon} (src/layout/menu.ts MENU_ICON_NAMES)`);
    if (typeof lookup(messages, `app.menu.${placement.id}`) !== 'string')
      gaps.push(`${manifest.name}: no translation app.menu.${placement.id}`);
  }
  // Hand-written screens name their own labels; the generated ones (a declared table) read every field's.
  const generated = Boolean(manifest.table || manifest.labels);
  const fields = generated ? Object.keys(manifest.fields) : [];
  const keys = [`resources.${manifest.path}.name`, ...fields.map((f) => `resources.${manifest.path}.fields.${f}`)];
  for (const key of keys)
    if (typeof lookup(messages, key) !== 'string') gaps.push(`${manifest.name}: no translation ${key}`);
  for (const [field, spec] of Object.entries(manifest.fields))
    for (const value of spec.enumLabels ? (spec.enum ?? []) : [])
      if (typeof lookup(messages, `${spec.enumLabels}.${value}`) !== 'string')
        gaps.push(`${manifest.name}: no translation ${spec.enumLabels}.${value} (its field ${field})`);
  return gaps;
}
