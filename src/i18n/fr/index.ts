import frenchMessages from 'ra-language-french';
import type { TranslationMessages } from 'ra-core';
import { en } from '../en';
import { overEnglish } from '../mergeCatalogues';
import { appMessages } from './app';

/**
 * react-admin's messages whose community French drops a parameter the English has (the record's
 * name): ours keep it, so that the dialogs say which record they are about, as in English.
 */
export const raFrenchAdditions = {
  ra: {
    message: {
      bulk_delete_content:
        'Voulez-vous vraiment supprimer cet élément (%{name}) ? |||| Voulez-vous vraiment supprimer ces %{smart_count} éléments ?',
      bulk_update_content:
        'Voulez-vous vraiment modifier %{name} %{recordRepresentation} ? |||| Voulez-vous vraiment modifier ces %{smart_count} éléments ?',
      delete_content: 'Voulez-vous vraiment supprimer cet élément (%{name}) ?',
    },
    navigation: {
      no_filtered_results: 'Aucun résultat (%{name}) avec les filtres actuels.',
      no_results: 'Aucun résultat (%{name})',
    },
  },
};

/**
 * The French catalogue, assembled as en.ts assembles English: react-admin's own strings from
 * ra-language-french (with the additions above) under the panel's. Loaded on demand by the
 * i18nProvider, in its own chunk.
 */
const ra = overEnglish(frenchMessages, raFrenchAdditions as TranslationMessages);

export const fr: TranslationMessages = overEnglish(en, {
  ...ra,
  ra: {
    ...ra.ra,
    page: { ...ra.ra.page, loading: appMessages.app.loading, edit: 'Modifier %{name} %{recordRepresentation}' },
  },
  ...appMessages,
});

export { declaredWords } from './declared';
