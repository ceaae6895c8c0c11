import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { I18nProvider, TranslationMessages } from 'ra-core';
import { LOCALES, LOCALE_NAMES, PSEUDO_LOCALE, PSEUDO_RTL_LOCALE, directionOf } from '../domain/locales';
import { en } from './en';
import { withManifestLabels } from './manifestLabels';

/**
 * Swahili and French load on demand (their own chunks), so the entry script carries English only;
 * the pseudo-locale exists in development and tests only and is never offered in the menu.
 */
const loaders: Record<string, () => Promise<TranslationMessages>> = {
  sw: () => import('./sw/index').then((m) => withManifestLabels(m.sw, undefined, m.declaredWords)),
  fr: () => import('./fr/index').then((m) => withManifestLabels(m.fr, undefined, m.declaredWords)),
};
if (import.meta.env.DEV || import.meta.env.MODE === 'test') {
  loaders[PSEUDO_LOCALE] = () => import('./pseudo').then((m) => m.pseudoMessages(en));
  loaders[PSEUDO_RTL_LOCALE] = loaders[PSEUDO_LOCALE];
}

const getMessages = (locale: string): TranslationMessages | Promise<TranslationMessages> =>
  loaders[locale]?.() ?? withManifestLabels(en);

const polyglot = polyglotI18nProvider(
  getMessages,
  'en',
  LOCALES.map((locale) => ({ locale, name: LOCALE_NAMES[locale] })),
  { allowMissing: true },
);

type LocaleListener = (locale: string) => void;
const listeners = new Set<LocaleListener>();

/** Called after every language change, once the new catalogue is in place (src/i18n/localePreference.ts). */
export function onLocaleChange(listener: LocaleListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** `lang` and `dir` of the page follow the language (screen readers, hyphenation, right-to-left). */
export function applyDocumentLocale(locale: string): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = locale;
  document.documentElement.dir = directionOf(locale);
}

/** react-admin's polyglot provider over en, sw and fr; a language that is not offered stays English. */
export const i18nProvider: I18nProvider = {
  ...polyglot,
  async changeLocale(locale: string) {
    const next = locale in loaders || locale === 'en' ? locale : 'en';
    await polyglot.changeLocale(next);
    applyDocumentLocale(next);
    for (const listener of listeners) listener(next);
  },
};
