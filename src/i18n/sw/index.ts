import type { TranslationMessages } from 'ra-core';
import { en } from '../en';
import { overEnglish } from '../mergeCatalogues';
import { appMessages } from './app';
import { raSwahili } from './raSwahili';

/**
 * The Swahili catalogue, assembled as en.ts assembles English: react-admin's own strings
 * (./raSwahili.ts; no community catalogue exists on npm) under the panel's. Loaded on demand by
 * the i18nProvider, in its own chunk.
 */
export const sw: TranslationMessages = overEnglish(en, {
  ...raSwahili,
  ra: { ...raSwahili.ra, page: { ...raSwahili.ra.page, loading: appMessages.app.loading } },
  ...appMessages,
});

export { declaredWords } from './declared';
