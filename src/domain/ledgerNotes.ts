import { ledgerNoteMessages } from '../i18n/ledgerNotes';
import { englishDay, isDayParam } from './messageCodes';

/**
 * A note the system writes on a wallet ledger entry (issue 28): its English text, stored as `note`
 * for old clients and CSV exports, and its code and parameters, stored beside it (`note_code`,
 * `note_params`, migration 035) so that the panel shows it in the staff member's language. A note a
 * staff member types has no code and shows as typed.
 */
export type LedgerNoteCode = keyof typeof ledgerNoteMessages;

export interface LedgerNote {
  note: string;
  noteCode: LedgerNoteCode;
  noteParams: Record<string, string>;
}

export const LEDGER_NOTE_CODES = Object.keys(ledgerNoteMessages) as LedgerNoteCode[];

/**
 * The English of a code with its parameters, from the catalogue (a missing parameter stays
 * `%{name}`); a day as the screens write it ("week of 30 Nov 2026").
 */
export function renderLedgerNote(code: LedgerNoteCode, params: Record<string, string>): string {
  return ledgerNoteMessages[code].replace(/%\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    if (value === undefined) return whole;
    return isDayParam(value) ? englishDay(value) : value;
  });
}

/** A system-written note said by its code: the English text with the code and parameters beside it. */
export function ledgerNote(code: LedgerNoteCode, params: Record<string, string | number> = {}): LedgerNote {
  const noteParams = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)]));
  return { note: renderLedgerNote(code, noteParams), noteCode: code, noteParams };
}

/**
 * The note of a trip's settlement with its driver: "Trip #31526 paid by wallet: 255.00 less
 * commission 38.25", or "… paid in cash: commission 38.25 due"; a cancellation fee likewise.
 */
export function settlementNote(
  trip: { id: number; paymentMethod: string; commission: number },
  charged: number,
  cancellation = false,
): LedgerNote {
  const commission = trip.commission.toFixed(2);
  if (trip.paymentMethod === 'cash')
    return ledgerNote(cancellation ? 'cancellationPaidInCash' : 'tripPaidInCash', { trip: trip.id, commission });
  return ledgerNote(cancellation ? 'cancellationPaidBy' : 'tripPaidBy', {
    trip: trip.id,
    method: trip.paymentMethod,
    charged: charged.toFixed(2),
    commission,
  });
}
