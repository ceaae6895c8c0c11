import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { enUS, frFR } from '@mui/x-date-pickers/locales';
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import 'dayjs/locale/fr';
import 'dayjs/locale/sw';
import type { ReactNode } from 'react';
import { useLocaleState } from 'react-admin';
import { swahiliPickers } from './swahiliPickers';

// The pickers edit a wall-clock time (the city's) held as a UTC dayjs: no browser zone, no DST gap.
dayjs.extend(utc);

const TEXTS = {
  en: enUS.components.MuiLocalizationProvider.defaultProps.localeText,
  fr: frFR.components.MuiLocalizationProvider.defaultProps.localeText,
  sw: swahiliPickers,
};

/** The dayjs locale (month and day names, first day of the week) and the pickers' words for a language. */
export function pickerLanguageOf(locale: string): 'en' | 'fr' | 'sw' {
  const language = locale.split('-')[0];
  return language === 'fr' || language === 'sw' ? language : 'en';
}

/** MUI X's date pickers in the panel's language (react-admin's locale), not the browser's. */
export function PickersLocalization({ children }: { children: ReactNode }) {
  const [locale] = useLocaleState();
  const language = pickerLanguageOf(locale);
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale={language} localeText={TEXTS[language]}>
      {children}
    </LocalizationProvider>
  );
}
