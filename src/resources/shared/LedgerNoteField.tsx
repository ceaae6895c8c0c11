import { useRecordContext, useTranslate, type TranslateFunction } from 'react-admin';
import { LEDGER_NOTE_CODES, type LedgerNoteCode } from '../../domain/ledgerNotes';
import { formatCalendarDay, formatMoney, intlLocale } from '../../kit/format';
import { enumLabelKey } from '../../kit/enumChoices';
import { useLoadedLocale } from '../../i18n/useLoadedLocale';

/** The note columns of a wallet ledger entry, as the API lists them. */
export interface LedgerNoteColumns {
  note: string | null;
  /** A system-written note's code (src/i18n/ledgerNotes.ts) and parameters; null for a typed note. */
  noteCode?: string | null;
  noteParams?: Record<string, string> | null;
}

const isCode = (code: string | null | undefined): code is LedgerNoteCode =>
  !!code && (LEDGER_NOTE_CODES as string[]).includes(code);

/** A parameter as the language writes it: amounts as money, the payment method in words, the week's day. */
function paramText(name: string, value: string, translate: TranslateFunction): string {
  switch (name) {
    case 'charged':
    case 'commission':
      return formatMoney(value) ?? value;
    case 'method':
      return translate(enumLabelKey('paymentMethod', value), { _: value }).toLocaleLowerCase(intlLocale());
    case 'week':
      return formatCalendarDay(value) ?? value;
    default:
      return value;
  }
}

/**
 * A ledger entry's note in the chosen language: a system-written note from its code and
 * parameters; English, a typed note and an entry written before the codes show the stored text.
 */
export function ledgerNoteText(entry: LedgerNoteColumns, locale: string, translate: TranslateFunction): string | null {
  if (locale === 'en' || !isCode(entry.noteCode)) return entry.note;
  const params = Object.fromEntries(
    Object.entries(entry.noteParams ?? {}).map(([name, value]) => [name, paramText(name, String(value), translate)]),
  );
  return translate(`app.ledgerNotes.${entry.noteCode}`, { ...params, _: entry.note ?? '' });
}

/** The note column of a ledger table (LedgerTable). */
export function LedgerNoteField() {
  const entry = useRecordContext<LedgerNoteColumns>();
  const locale = useLoadedLocale();
  const translate = useTranslate();
  if (!entry) return null;
  return <span data-testid="ledger-note">{ledgerNoteText(entry, locale, translate)}</span>;
}
