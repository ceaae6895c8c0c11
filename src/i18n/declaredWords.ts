import type { ResourceManifest } from '../domain/resources';

/**
 * A locale's words for the generated resources (src/domain/resources/declared/), by resource path:
 * their English is in the declaration (`labels`, each action's `label` and `confirm`); a locale
 * writes its own in src/i18n/<locale>/declared.ts. `npm run i18n:missing` lists what each locale
 * still lacks, and tests/unit/i18nParity.test.ts names it.
 */
export type DeclaredWords = Readonly<
  Record<
    string,
    {
      /** Polyglot's `singular |||| plural`; the plural is also the menu's label. */
      name?: string;
      fields?: Readonly<Record<string, string>>;
      actions?: Readonly<Record<string, { label?: string; confirm?: string }>>;
    }
  >
>;

/** `Vehicle |||| Vehicles` → `Vehicles`. */
export const pluralOf = (name: string) => name.split('||||').pop()!.trim();

/** Every word of a generated resource as `key → English` (resources.<path>.name, .fields.*, .actions.*). */
export function englishWords(manifest: ResourceManifest): [key: string, english: string][] {
  if (!manifest.labels) return [];
  const base = `resources.${manifest.path}`;
  return [
    [`${base}.name`, manifest.labels.name],
    ...Object.entries(manifest.labels.fields).map(([field, label]): [string, string] => [
      `${base}.fields.${field}`,
      label,
    ]),
    ...Object.entries(manifest.actions ?? {}).flatMap(([name, action]): [string, string][] => [
      [`${base}.actions.${name}.label`, action.label],
      ...(action.confirm ? [[`${base}.actions.${name}.confirm`, action.confirm] as [string, string]] : []),
    ]),
  ];
}

/** The word of `key` in a locale's DeclaredWords, if it has one. */
function wordAt(words: DeclaredWords, manifest: ResourceManifest, key: string): string | undefined {
  const own = words[manifest.path];
  const rest = key.slice(`resources.${manifest.path}.`.length).split('.');
  if (rest[0] === 'name') return own?.name;
  if (rest[0] === 'fields') return own?.fields?.[rest[1]!];
  if (rest[0] === 'actions') return own?.actions?.[rest[1]!]?.[rest[2] as 'label' | 'confirm'];
  return undefined;
}

/** The generated resources' words a locale still lacks, with their English. */
export const missingWords = (
  manifests: readonly ResourceManifest[],
  words: DeclaredWords,
): { key: string; english: string }[] =>
  manifests.flatMap((m) =>
    englishWords(m)
      .filter(([key]) => wordAt(words, m, key) === undefined)
      .map(([key, english]) => ({ key, english })),
  );

/** A locale's word for `key`, else the English one. */
export const wordOf = (words: DeclaredWords, manifest: ResourceManifest, key: string, english: string) =>
  wordAt(words, manifest, key) ?? english;
