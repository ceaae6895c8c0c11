import type { TranslationMessages } from 'ra-core';
import { MANIFEST, type ResourceManifest } from '../domain/resources';
import { englishWords, pluralOf, wordOf, type DeclaredWords } from './declaredWords';

type Tree = Record<string, unknown>;

const branch = (tree: Tree, key: string): Tree => {
  const existing = tree[key];
  return typeof existing === 'object' && existing !== null ? { ...(existing as Tree) } : {};
};

/**
 * The messages with the words of the manifest entries that carry `labels` (generated resources,
 * which have no lines in the locale files): `resources.<path>.name`, `.fields.*` and
 * `.actions.<name>.label|confirm`, and the menu label `app.menu.<menu id>`, in the locale's
 * `words` (src/i18n/<locale>/declared.ts) where it has them, else in English. A locale's own lines
 * win; tests/unit/declaredResources.test.ts fails when a declared resource has neither.
 */
export function withManifestLabels(
  messages: TranslationMessages,
  manifests: readonly ResourceManifest[] = MANIFEST,
  words: DeclaredWords = {},
): TranslationMessages {
  const withLabels = manifests.filter((m) => m.labels);
  if (withLabels.length === 0) return messages;
  const resources = branch(messages, 'resources');
  const app = branch(messages, 'app');
  const menu = branch(app, 'menu');
  for (const m of withLabels) {
    const declared: Tree = {};
    for (const [key, english] of englishWords(m)) {
      const path = key.slice(`resources.${m.path}.`.length).split('.');
      let node = declared;
      for (const part of path.slice(0, -1)) node = (node[part] ??= {}) as Tree;
      node[path.at(-1)!] = wordOf(words, m, key, english);
    }
    const own = branch(resources, m.path);
    resources[m.path] = {
      ...declared,
      ...own,
      name: own.name ?? declared.name,
      fields: { ...(declared.fields as Tree), ...branch(own, 'fields') },
    };
    if (m.menu && !('none' in m.menu)) menu[m.menu.id] ??= pluralOf(String(declared.name));
  }
  return { ...messages, resources, app: { ...app, menu } } as TranslationMessages;
}
