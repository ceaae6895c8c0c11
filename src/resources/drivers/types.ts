import type { ManifestRecord } from '../../domain/resources';
import type { drivers } from '../../domain/resources/drivers';

/** One upload of a driver's document, as the drivers API shows it (`documents`, oldest first). */
export interface DriverDocument {
  id: number;
  kind: string;
  fileId: number | null;
  number: string | null;
  expiryDate: string | null;
  status: string;
  rejectReason: string | null;
  note: string | null;
  reuploadRequestedAt: string | null;
  reviewedBy: number | null;
  reviewedByName: string | null;
  reviewedAt: string | null;
  version: number;
  createdAt: string;
}

export type Driver = ManifestRecord<typeof drivers> & {
  documents: DriverDocument[];
  /** The account number as the API answers it: its last 4 digits behind a mask. */
  bankAccountMasked?: string | null;
};
