import type { TranslationMessages } from 'ra-core';

type Tree = { [key: string]: unknown };
const isTree = (value: unknown): value is Tree => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A translated catalogue over the English one: a key the translation lacks (one added since, or
 * a react-admin string the community catalogue misses) shows in English, never as its key path.
 * The key-parity test (tests/unit/i18nParity.test.ts) is what keeps the translations complete.
 */
export function overEnglish(english: TranslationMessages, translated: TranslationMessages): TranslationMessages {
  const merge = (base: Tree, over: Tree): Tree => {
    const out: Tree = { ...base };
    for (const [key, value] of Object.entries(over)) {
      out[key] = isTree(value) && isTree(base[key]) ? merge(base[key], value) : value;
    }
    return out;
  };
  return merge(english as Tree, translated as Tree) as TranslationMessages;
}
