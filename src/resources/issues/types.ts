import type { RaRecord } from 'ra-core';
import type { ManifestRecord, issues } from '../../domain/resources';
import type { SlaState } from '../../domain/issueSla';

/** An issue as the trip service answers it: the manifest's fields and the server's computed ones. */
export type Issue = RaRecord<number> &
  ManifestRecord<typeof issues> & {
    reporterName: string | null;
    assigneeName: string | null;
    /** The server's reading of the SLA (the same rule as slaOf) when the row was read. */
    slaState: SlaState;
    slaDueAt: string;
    /** Seconds left on the SLA while open (negative once breached), null once resolved: the queues' order. */
    slaLeftSeconds: number | null;
  };

/** One step of an issue's timeline (GET issues/:id/events). */
export interface IssueEvent {
  id: number;
  at: string;
  kind: 'opened' | 'assigned' | 'priority' | 'status' | 'note' | 'credit' | 'refund';
  staffId: number | null;
  staffName: string | null;
  fromValue: string | null;
  toValue: string | null;
  fromName: string | null;
  toName: string | null;
  note: string | null;
  amount: number | null;
  transactionId: number | null;
  /** A refund's row in the passenger's ledger. */
  passengerTransactionId?: number | null;
}

/** Someone an issue may be assigned to (GET issues/assignees). */
export interface Assignee {
  id: number;
  name: string;
  openIssues: number;
}
