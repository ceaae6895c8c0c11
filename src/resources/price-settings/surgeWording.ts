import type { SurgeWording } from '../../domain/surgeWording';
import { i18nProvider } from '../../i18n/i18nProvider';
import { formatNumber, weekdayName } from '../../kit/format';

/** surge.ts's texts in the panel's language: the kit's day names and numbers, the catalogue's sentences. */
export const panelSurgeWording: SurgeWording = {
  day: weekdayName,
  number: (value) => formatNumber(value, { maximumFractionDigits: 2 }),
  text: (key, params) => i18nProvider.translate(`app.priceSettings.texts.${key}`, params),
};
