import polyglotI18nProvider from 'ra-i18n-polyglot';
import { en } from './en';
import { withManifestLabels } from './manifestLabels';

export const i18nProvider = polyglotI18nProvider(
  () => withManifestLabels(en),
  'en',
  [{ locale: 'en', name: 'English' }],
  {
    allowMissing: true,
  },
);
