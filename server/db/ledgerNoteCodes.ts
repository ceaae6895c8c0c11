import { sql, type QueryExecutorProvider } from 'kysely';
import { ledgerNoteMessages } from '../../src/i18n/ledgerNotes.js';
import type { LedgerNoteCode } from '../../src/domain/ledgerNotes.js';

/** What each parameter of a note looks like in its English text. */
const PARAM_PATTERNS: Record<string, string> = {
  trip: '([0-9]+)',
  issue: '([0-9]+)',
  batch: '([0-9]+)',
  commission: '(-?[0-9]+\\.[0-9]{2})',
  charged: '(-?[0-9]+\\.[0-9]{2})',
  method: '(card|wallet)',
  week: '([0-9]{4}-[0-9]{2}-[0-9]{2})',
  reference: '(.+)',
  reason: '(.+)',
};

/** Where each code is written, by the kind of the entry. */
const WRITTEN_ON: Record<LedgerNoteCode, { table: 'driver_transactions' | 'passenger_transactions'; kind: string }> = {
  tripPaidInCash: { table: 'driver_transactions', kind: 'commission' },
  tripPaidBy: { table: 'driver_transactions', kind: 'commission' },
  cancellationPaidInCash: { table: 'driver_transactions', kind: 'commission' },
  cancellationPaidBy: { table: 'driver_transactions', kind: 'commission' },
  goodwillCredit: { table: 'driver_transactions', kind: 'adjustment' },
  refund: { table: 'passenger_transactions', kind: 'refund' },
  payoutBatch: { table: 'driver_transactions', kind: 'payout' },
  payoutReturned: { table: 'driver_transactions', kind: 'payout' },
  openingTopUp: { table: 'driver_transactions', kind: 'credit_topup' },
  weeklyTopUp: { table: 'driver_transactions', kind: 'credit_topup' },
  weeklyPayout: { table: 'driver_transactions', kind: 'payout' },
  mpesaTopUp: { table: 'driver_transactions', kind: 'credit_topup' },
  weeklyPayoutToMpesa: { table: 'driver_transactions', kind: 'payout' },
};

/** Written only by the demo seed, in the words a staff member would type: coded for the seed's rows only. */
const SEED_ONLY: ReadonlySet<LedgerNoteCode> = new Set(['mpesaTopUp', 'weeklyPayoutToMpesa']);

const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;

/**
 * One UPDATE per code: the entries of its kind without a code whose note is exactly the code's
 * English with its parameters (an anchored pattern built from the template, so rendering the code
 * gives back the stored text) get the code and the parameters read from the note.
 */
export function backfillStatements(opts: { seedNotes: boolean }): string[] {
  return (Object.keys(WRITTEN_ON) as LedgerNoteCode[])
    .filter((code) => opts.seedNotes || !SEED_ONLY.has(code))
    .map((code) => {
      const names: string[] = [];
      const pattern = ledgerNoteMessages[code]
        .split(/(%\{\w+\})/)
        .map((part) => {
          const name = /^%\{(\w+)\}$/.exec(part)?.[1];
          if (!name) return part.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&');
          names.push(name);
          return PARAM_PATTERNS[name];
        })
        .join('');
      const params = names.map((name, i) => `${quote(name)}, m[${i + 1}]`).join(', ');
      const { table, kind } = WRITTEN_ON[code];
      return `update ${table} t set note_code = ${quote(code)}, note_params = jsonb_build_object(${params})
        from (select id, regexp_match(note, ${quote(`^${pattern}$`)}) as m from ${table}
          where kind = ${quote(kind)} and note_code is null) x
        where x.id = t.id and x.m is not null`;
    });
}

/** Codes the notes the seed wrote as text (its bulk SQL and its settlements), as the migration does. */
export async function codeSeededLedgerNotes(db: QueryExecutorProvider): Promise<void> {
  for (const statement of backfillStatements({ seedNotes: true })) await sql.raw(statement).execute(db);
}
