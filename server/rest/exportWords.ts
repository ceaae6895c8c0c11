/**
 * The words of a CSV export in the requester's language: its header row and the labels of its
 * enum columns, from the panel's own catalogues (src/i18n, merged as the panel merges them), so the
 * file says what the screen says. `raw` is the machine form: readable English names with their
 * units as headers and the stored codes as values.
 */
import type { TranslationMessages } from 'ra-core';
import type { AppLocale } from '../../src/domain/locales.js';
import { CITY } from '../../src/domain/city.js';
import { MANIFEST } from '../../src/domain/resources/index.js';
import type { ResourceDeclaration } from './declaration.js';
import { readableName } from './csv.js';
import { exportFormat, exportHeader } from './exportColumns.js';

/** A language of the panel, or `raw` (`?codes=raw`): codes and English names, for machines. */
export type ExportLanguage = AppLocale | 'raw';

export interface ExportWords {
  header: string[];
  /** Per column, the label of each stored code (an enum with words in the catalogue), else undefined. */
  labels: (ReadonlyMap<string, string> | undefined)[];
}

type Tree = { [key: string]: unknown };

/** The panel's catalogue of a language, loaded once on first use (most servers never export in all three). */
const catalogueLoaders: Record<AppLocale, () => Promise<TranslationMessages>> = {
  en: async () => {
    const [{ en }, { withManifestLabels }] = await Promise.all([
      import('../../src/i18n/en.js'),
      import('../../src/i18n/manifestLabels.js'),
    ]);
    return withManifestLabels(en);
  },
  sw: async () => {
    const [{ sw, declaredWords }, { withManifestLabels }] = await Promise.all([
      import('../../src/i18n/sw/index.js'),
      import('../../src/i18n/manifestLabels.js'),
    ]);
    return withManifestLabels(sw, undefined, declaredWords);
  },
  fr: async () => {
    const [{ fr, declaredWords }, { withManifestLabels }] = await Promise.all([
      import('../../src/i18n/fr/index.js'),
      import('../../src/i18n/manifestLabels.js'),
    ]);
    return withManifestLabels(fr, undefined, declaredWords);
  },
};
const catalogues = new Map<AppLocale, Promise<TranslationMessages>>();

function catalogueOf(locale: AppLocale): Promise<TranslationMessages> {
  let found = catalogues.get(locale);
  if (!found) {
    found = catalogueLoaders[locale]();
    found.catch(() => catalogues.delete(locale));
    catalogues.set(locale, found);
  }
  return found;
}

/** The value at a dotted path of the catalogue (`app.enums.tripStatus`), or undefined. */
function at(catalogue: TranslationMessages, path: string): unknown {
  let node: unknown = catalogue;
  for (const part of path.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Tree)[part];
  }
  return node;
}

const fill = (template: string, params: Record<string, string>) =>
  template.replace(/%\{(\w+)\}/g, (whole, name: string) => params[name] ?? whole);

/** The words of an export in a language, from its catalogue; pure, for the tests. */
export function wordsFromCatalogue(
  d: ResourceDeclaration,
  columns: readonly string[],
  catalogue: TranslationMessages,
): ExportWords {
  const path = MANIFEST.find((m) => m.name === d.name)?.path ?? d.name;
  const fields = (at(catalogue, `resources.${path}.fields`) ?? {}) as Tree;
  const templates = (at(catalogue, 'app.exportColumn') ?? {}) as Record<string, string>;
  const name = (column: string) => {
    const word = fields[column];
    return typeof word === 'string' ? word : readableName(column);
  };
  const names = columns.map(name);
  const header = columns.map((column, i) => {
    const spec = d.fields[column];
    // A reference's id beside its name ("Passenger" twice): the id column says it is the number.
    const twin = names.some((other, j) => j !== i && other === names[i]);
    const base = twin && spec?.type === 'int' ? fill(templates.idOf, { name: names[i] }) : names[i];
    const format = exportFormat(d, column);
    if (format === 'money') return fill(templates.money, { name: base, currency: CITY.currency });
    if (format === 'cityTime') return fill(templates.cityTime, { name: base, city: CITY.name });
    return base;
  });
  const labels = columns.map((column) => {
    const group = d.fields[column]?.enumLabels;
    const words = group && at(catalogue, group);
    if (typeof words !== 'object' || words === null) return undefined;
    return new Map(Object.entries(words as Tree).filter((e): e is [string, string] => typeof e[1] === 'string'));
  });
  return { header, labels };
}

const cache = new WeakMap<ResourceDeclaration, Map<ExportLanguage, Promise<ExportWords>>>();

/** An export's words in a language, built once per resource and language (never per row). */
export function exportWords(
  d: ResourceDeclaration,
  columns: readonly string[],
  language: ExportLanguage,
): Promise<ExportWords> {
  let byLanguage = cache.get(d);
  if (!byLanguage) cache.set(d, (byLanguage = new Map()));
  let words = byLanguage.get(language);
  if (!words) {
    words =
      language === 'raw'
        ? Promise.resolve({ header: exportHeader(d, [...columns]), labels: columns.map(() => undefined) })
        : catalogueOf(language).then((catalogue) => wordsFromCatalogue(d, columns, catalogue));
    byLanguage.set(language, words);
  }
  return words;
}
