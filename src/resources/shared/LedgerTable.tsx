import type { ReactNode } from 'react';
import { DataTable } from 'react-admin';
import { staffs, trips } from '../../domain/resources';
import type { StatusEnumName } from '../../domain/statusPalettes';
import { DateTimeField } from '../../kit/DateTimeField';
import { LinkedRecordField } from '../../kit/LinkedRecordField';
import { BalanceField, SignedMoneyField } from '../../kit/MoneyField';
import { StatusChip } from '../../kit/StatusChip';
import { LedgerNoteField } from './LedgerNoteField';

/** One entry of a wallet ledger (src/domain/resources/ledger.ts), as the API lists it. */
export interface LedgerEntry {
  id: number;
  kind: string;
  amount: number;
  balanceAfter: number;
  tripId: number | null;
  staffId: number | null;
  staffName: string | null;
  note: string | null;
  noteCode?: string | null;
  noteParams?: Record<string, string> | null;
  createdAt: string;
}

export interface LedgerTableProps {
  /** The palette of the ledger's kinds (`transactionKind`, `passengerTransactionKind`), or of what `kindOf` answers. */
  palette: StatusEnumName;
  /** What an entry is, when its kind alone does not say (a driver's trip credits earnings or debits commission). */
  kindOf?: (entry: LedgerEntry) => string | undefined;
  /** Where the column headers are: `<messages>.when`, `.kind`, `.amount`, `.balanceAfter`, `.trip`, `.staff`, `.note`. */
  messages: string;
  /** When, kind and amount sort (a full list screen); off in a detail page's related card. */
  sortable?: boolean;
  /** The ledger's own columns, after the trip (a passenger's issue). */
  children?: ReactNode;
}

const noWrap = () => ({ whiteSpace: 'nowrap' });

/**
 * A wallet's ledger as a table, in the list or related list around it: when, the kind as a chip,
 * the signed amount, the balance after it (red below zero), the trip and the staff member (links
 * when the viewer may open them) and the note (in the chosen language when the system wrote it). Rows do not open anything.
 */
export function LedgerTable({ palette, kindOf, messages, sortable = false, children }: LedgerTableProps) {
  const disableSort = !sortable;
  return (
    <DataTable<LedgerEntry> bulkActionButtons={false} rowClick={false}>
      <DataTable.Col
        source="createdAt"
        label={`${messages}.when`}
        disableSort={disableSort}
        cellSx={noWrap}
        render={() => <DateTimeField source="createdAt" />}
      />
      <DataTable.Col<LedgerEntry>
        source="kind"
        label={`${messages}.kind`}
        disableSort={disableSort}
        render={(entry) => <StatusChip palette={palette} source="kind" value={kindOf?.(entry) ?? entry.kind} />}
      />
      <DataTable.Col
        source="amount"
        label={`${messages}.amount`}
        disableSort={disableSort}
        render={() => <SignedMoneyField source="amount" />}
      />
      <DataTable.Col
        source="balanceAfter"
        label={`${messages}.balanceAfter`}
        disableSort
        render={() => <BalanceField source="balanceAfter" />}
      />
      <DataTable.Col
        source="tripId"
        label={`${messages}.trip`}
        disableSort
        render={() => (
          <LinkedRecordField<LedgerEntry>
            source="tripId"
            reference={trips.path}
            text={(entry) => (entry.tripId ? `#${entry.tripId}` : null)}
          />
        )}
      />
      {children}
      <DataTable.Col
        source="staffId"
        label={`${messages}.staff`}
        disableSort
        cellSx={noWrap}
        render={() => (
          <LinkedRecordField<LedgerEntry> source="staffId" reference={staffs.path} text={(entry) => entry.staffName} />
        )}
      />
      <DataTable.Col source="note" label={`${messages}.note`} disableSort render={() => <LedgerNoteField />} />
    </DataTable>
  );
}
