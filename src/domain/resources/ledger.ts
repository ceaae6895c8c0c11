import { defineManifest, enumWords, type FieldSpec, type Fields, type ResourceManifest } from './manifest';

/** The columns every wallet ledger has, whoever owns the wallet (migrations 002 and 015). */
type LedgerFields<O extends string, K extends readonly string[], X extends Fields> = Record<
  O,
  { type: 'int'; filter: true; sort: true; reference: string }
> & {
  kind: { type: 'text'; filter: true; sort: true; enum: K; enumLabels: `app.enums.${string}` };
  amount: { type: 'number'; format: 'money'; filter: true; sort: true; description: string };
  balanceAfter: { type: 'number'; format: 'money' };
  tripId: { type: 'int'; filter: true; reference: 'trips' };
  staffId: { type: 'int'; filter: true };
  note: { type: 'text' };
  noteCode: { type: 'text'; nullable: true; list: false; description: string };
  noteParams: { type: 'json'; nullable: true; description: string };
  createdAt: { type: 'timestamp'; filter: true; sort: true };
} & X;

export interface LedgerSpec<O extends string, K extends readonly string[], X extends Fields> {
  /** Backend name and route path, e.g. `driver-transactions`. */
  name: string;
  /** The owner's permission subject: the ledger is read with view-<subject>. */
  subject: string;
  /** The field holding the owner's id, e.g. `driverId`. */
  owner: O;
  /** The owner's resource (its manifest `name`), e.g. `drivers`: screens link the owner. */
  ownerResource: string;
  /** The entry kinds (an enum of src/domain/enums.ts). */
  kinds: K;
  /** Where the kinds have their words: `app.enums.transactionKind`. */
  kindLabels: `app.enums.${string}`;
  /** Where the panel shows the ledger (it has no menu entry of its own). */
  shownOn: string;
  /** Fields only this ledger has (integer references are also matched by `q`), after `tripId`. */
  extra?: X;
}

/**
 * A wallet ledger's manifest entry, read-only: one signed entry a row (credit positive, debit
 * negative) with the owner's balance right after it, the trip and the staff member behind it and a
 * note; newest first, `q` searches the note and matches ids; named "Refund #12".
 */
export function defineLedgerManifest<
  const O extends string,
  const K extends readonly string[],
  const X extends Fields = Record<never, FieldSpec>,
>({
  name,
  subject,
  owner,
  ownerResource,
  kinds,
  kindLabels,
  shownOn,
  extra,
}: LedgerSpec<O, K, X>): ResourceManifest<LedgerFields<O, K, X>> {
  const fields = {
    [owner]: { type: 'int', filter: true, sort: true, reference: ownerResource },
    kind: { type: 'text', filter: true, sort: true, enum: kinds, enumLabels: kindLabels },
    amount: {
      type: 'number',
      format: 'money',
      filter: true,
      sort: true,
      description: 'Signed: credit positive, debit negative',
    },
    balanceAfter: { type: 'number', format: 'money' },
    tripId: { type: 'int', filter: true, reference: 'trips' },
    ...extra,
    staffId: { type: 'int', filter: true },
    note: { type: 'text' },
    noteCode: {
      type: 'text',
      nullable: true,
      list: false,
      description:
        'A system-written note’s code (src/i18n/ledgerNotes.ts), rendered in the reader’s language; null for a typed note',
    },
    noteParams: { type: 'json', nullable: true, description: 'The parameters of `noteCode`, e.g. {"trip": "31526"}' },
    createdAt: { type: 'timestamp', filter: true, sort: true },
  } as LedgerFields<O, K, X>;
  const extraIds = Object.keys(extra ?? {}).filter((field) => extra?.[field]?.type === 'int');
  return defineManifest<Fields>({
    name,
    service: 'trip',
    subject,
    path: name,
    fields,
    search: ['note'],
    searchIds: ['id', 'tripId', owner, ...extraIds],
    defaultSort: ['createdAt', 'DESC'],
    label: {
      fields: ['kind', 'id'],
      format: ({ kind, id }) => (typeof kind === 'string' ? `${enumWords(kind)} #${String(id)}` : undefined),
    },
    menu: { none: shownOn },
  }) as ResourceManifest<LedgerFields<O, K, X>>;
}
