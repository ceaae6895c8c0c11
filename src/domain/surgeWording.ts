import { pricingAppMessages } from '../i18n/pricing';

/** The keys of the price settings' texts (app.priceSettings.texts in the catalogues). */
export type SurgeTextKey = keyof typeof pricingAppMessages.priceSettings.texts;

/**
 * How surge.ts words its texts: day names, numbers and the sentences by their catalogue key. The
 * panel passes the chosen language's (src/resources/price-settings/surgeWording.ts); English is the
 * default, for the unit tests and any caller without a language.
 */
export interface SurgeWording {
  /** 0 = Sunday → "Sun". */
  day: (day: number) => string;
  /** 1.5 → "1.5" (fr "1,5"), at most 2 decimals. */
  number: (value: number) => string;
  text: (key: SurgeTextKey, params?: Record<string, string | number>) => string;
}

export const DAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

/** A catalogue text with its %{parameters}; "one |||| many" chosen by smart_count as in English. */
export function renderText(template: string, params: Record<string, string | number> = {}): string {
  const forms = template.split(' |||| ');
  const chosen = forms.length > 1 && params.smart_count !== 1 ? forms[1] : forms[0];
  return chosen.replace(/%\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

export const ENGLISH_SURGE_WORDING: SurgeWording = {
  day: (day) => DAY_NAMES[day],
  number: (value) => String(Number(value.toFixed(2))),
  text: (key, params) => renderText(pricingAppMessages.priceSettings.texts[key], params),
};
