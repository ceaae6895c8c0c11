import { describe, expect, it } from 'vitest';
import { intlLocaleOf } from '../../src/domain/locales';
import {
  dateTimeFieldFormat,
  dayFieldFormat,
  monthFieldFormat,
  timeFieldFormat,
} from '../../src/kit/pickers/fieldFormat';
import { pickerLanguageOf } from '../../src/kit/pickers/PickersLocalization';

describe('the date fields’ format in a language', () => {
  it('is day/month/year with a 24-hour clock in English (Kenya), French and Swahili', () => {
    for (const locale of ['en', 'fr', 'sw']) {
      expect(dayFieldFormat(intlLocaleOf(locale))).toBe('DD[/]MM[/]YYYY');
      expect(dateTimeFieldFormat(intlLocaleOf(locale))).toMatch(/^DD\[\/\]MM\[\/\]YYYY\[,? \]HH\[:\]mm$/);
    }
  });

  it('writes a month as month/year and a time on the 24-hour clock in English (Kenya), French and Swahili', () => {
    for (const locale of ['en', 'fr', 'sw']) {
      expect(monthFieldFormat(intlLocaleOf(locale))).toBe('MM[/]YYYY');
      expect(timeFieldFormat(intlLocaleOf(locale))).toBe('HH[:]mm');
    }
    expect(monthFieldFormat('sv')).toBe('YYYY[-]MM');
    expect(timeFieldFormat('en-US')).toBe('hh[:]mm[ ]A');
  });

  it('follows the order, separators and clock Intl gives other locales', () => {
    expect(dayFieldFormat('en-US')).toBe('MM[/]DD[/]YYYY');
    expect(dateTimeFieldFormat('en-US')).toBe('MM[/]DD[/]YYYY[, ]hh[:]mm[ ]A');
    expect(dayFieldFormat('sv')).toBe('YYYY[-]MM[-]DD');
    expect(dayFieldFormat('de')).toBe('DD[.]MM[.]YYYY');
  });

  it('drops the bidirectional marks Intl puts in right-to-left separators', () => {
    expect(dayFieldFormat('ar-XB')).toBe('DD[/]MM[/]YYYY');
  });

  it('gives the pickers English words and names for a language they do not know', () => {
    expect(pickerLanguageOf('fr')).toBe('fr');
    expect(pickerLanguageOf('sw')).toBe('sw');
    expect(pickerLanguageOf('en-XA')).toBe('en');
    expect(pickerLanguageOf('ar-XB')).toBe('en');
  });
});
