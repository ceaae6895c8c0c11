/**
 * The panel's languages. The server validates a staff member's saved choice against the same
 * list (server/user/profile/routes.ts), so both sides accept the same codes.
 */
export const LOCALES = ['en', 'sw', 'fr'] as const;
export type AppLocale = (typeof LOCALES)[number];

/** The pseudo-locale: accented, longer English, to find untranslated or clipped text (development and tests only). */
export const PSEUDO_LOCALE = 'en-XA';
/** Its right-to-left variant (the usual pseudo-bidi tag): the same text, the page laid out right to left. */
export const PSEUDO_RTL_LOCALE = 'ar-XB';

/** The names the language menu shows, each in its own language. */
export const LOCALE_NAMES: Record<AppLocale, string> = { en: 'English', sw: 'Kiswahili', fr: 'Français' };

export const isAppLocale = (value: unknown): value is AppLocale =>
  typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

/**
 * The Intl locale that writes dates, numbers and money for a panel language. English keeps the
 * company's Kenyan conventions ("12 Oct 2026", "KES 1,234.50"); the time zone is always the city's.
 */
const INTL_LOCALES: Record<string, string> = {
  en: 'en-KE',
  sw: 'sw-KE',
  fr: 'fr',
  [PSEUDO_LOCALE]: 'en-KE',
  [PSEUDO_RTL_LOCALE]: 'en-KE',
};
export const intlLocaleOf = (locale: string): string => INTL_LOCALES[locale] ?? INTL_LOCALES.en;

/** Languages written right to left; none of ours yet, but `dir` on <html> follows this list. */
const RTL_LANGUAGES = new Set(['ar', 'he', 'fa', 'ur']);
export const directionOf = (locale: string): 'rtl' | 'ltr' => (RTL_LANGUAGES.has(locale.split('-')[0]) ? 'rtl' : 'ltr');
