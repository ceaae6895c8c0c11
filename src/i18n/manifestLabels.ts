import type { TranslationMessages } from 'ra-core';
import { MANIFEST, type ResourceManifest } from '../domain/resources';

type Tree = Record<string, unknown>;

const branch = (tree: Tree, key: string): Tree => {
  const existing = tree[key];
  return typeof existing === 'object' && existing !== null ? { ...(existing as Tree) } : {};
};

/** `Promotion |||| Promotions` → `Promotions`. */
const plural = (name: string) => name.split('||||').pop()!.trim();

/**
 * The messages with the words of the manifest entries that carry `labels` (generated resources,
 * which have no lines in the locale files): `resources.<path>.name` and `.fields.*`, and the menu
 * label `app.menu.<menu id>`. A locale's own lines win; tests/unit/resourceTranslations.test.ts
 * fails when a declared resource has neither.
 */
export function withManifestLabels(
  messages: TranslationMessages,
  manifests: readonly ResourceManifest[] = MANIFEST,
): TranslationMessages {
  const withLabels = manifests.filter((m) => m.labels);
  if (withLabels.length === 0) return messages;
  const resources = branch(messages, 'resources');
  const app = branch(messages, 'app');
  const menu = branch(app, 'menu');
  for (const m of withLabels) {
    const own = branch(resources, m.path);
    resources[m.path] = {
      name: own.name ?? m.labels!.name,
      ...own,
      fields: { ...m.labels!.fields, ...branch(own, 'fields') },
    };
    if (m.menu && !('none' in m.menu)) menu[m.menu.id] ??= plural(m.labels!.name);
  }
  return { ...messages, resources, app: { ...app, menu } } as TranslationMessages;
}
