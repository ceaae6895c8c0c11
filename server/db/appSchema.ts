import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;

/** An app sign-in (migration 011). */
export interface AppSessionTable {
  id: string;
  kind: 'driver' | 'passenger';
  subjectId: number;
  createdAt: ColumnType<Date, Date | string | undefined, never>;
  expiresAt: Timestamp;
  revokedAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** One offer of a requested trip to a driver (migration 011). */
export interface TripOfferTable {
  id: Generated<number>;
  tripId: number;
  driverId: number;
  attempt: number;
  radiusKm: number;
  distanceKm: number;
  sentAt: ColumnType<Date, Date | string | undefined, never>;
  expiresAt: Timestamp;
  answeredAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  outcome: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface AppTables {
  appSessions: AppSessionTable;
  tripOffers: TripOfferTable;
}
