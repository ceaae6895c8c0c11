import type { ManifestRecord } from '../../domain/resources/manifest';
import type { sosCallLogs } from '../../domain/resources';
import type { SosEventKind } from '../../domain/sos';

/** One step of an alarm's timeline (the server's `timeline`). */
export interface SosStep {
  id: number;
  kind: SosEventKind;
  at: string;
  staffId: number | null;
  staffName: string | null;
  seconds: number | null;
  note: string | null;
}

/** An SOS call log as the API shows it. */
export type SosAlarm = ManifestRecord<typeof sosCallLogs> & {
  callerName: string | null;
  callerPhone: string | null;
  /** The trip's other party: its driver when a passenger called, and the other way round. */
  otherPartyId: number | null;
  otherPartyName: string | null;
  otherPartyPhone: string | null;
  handledByName: string | null;
  resolvedByName: string | null;
  timeline?: SosStep[];
};

/** GET /api/trip/sos/ack-stats. */
export interface SosAckStats {
  days: number;
  acknowledged: number;
  /** Alarms of the period still waiting: in the median and p90 at their age so far. */
  waiting?: number;
  median: number | null;
  p90: number | null;
  unacknowledged: number;
}
