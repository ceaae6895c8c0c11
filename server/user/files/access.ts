import type { Db } from '../../db/index.js';
import type { StaffPrincipal } from '../../auth/guard.js';

/** The records a stored file belongs to. */
export interface FileOwners {
  /** A driver's document or photo. */
  driver: boolean;
  /** Staff members whose photo it is. */
  staffIds: number[];
  /** A vehicle type's icon (shown wherever vehicle types are). */
  vehicleType: boolean;
  /** Who uploaded it (a staff member). */
  uploadedBy: number | null;
}

/**
 * Whether a staff member may read a file: whoever may view every record that holds it (a driver's
 * document or photo: view-Driver; a staff photo: that staff member or view-Staff; a vehicle type's
 * icon: any staff member). Every holder must grant it, so a link the reader made themselves (their
 * own photo set to another's file) never widens what they may read (issue 43). A file no record
 * holds yet is its uploader's alone (the form that just uploaded it shows it before saving); anyone
 * else is told it does not exist.
 */
export function fileAccess(
  owners: FileOwners,
  staff: Pick<StaffPrincipal, 'id' | 'permissions'>,
): 'read' | 'forbidden' | 'unknown' {
  const owned = owners.driver || owners.staffIds.length > 0 || owners.vehicleType;
  if (!owned) return owners.uploadedBy === staff.id ? 'read' : 'unknown';
  if (owners.driver && !staff.permissions.has('view-Driver')) return 'forbidden';
  const ownPhoto = owners.staffIds.every((id) => id === staff.id);
  if (owners.staffIds.length > 0 && !ownPhoto && !staff.permissions.has('view-Staff')) return 'forbidden';
  return 'read';
}

/** The owners of a file, one query. */
export async function fileOwners(db: Db, fileId: number, uploadedBy: number | null): Promise<FileOwners> {
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .or([
          eb.exists(eb.selectFrom('driverDocuments').select('id').where('fileId', '=', fileId)),
          eb.exists(eb.selectFrom('drivers').select('id').where('photo', '=', fileId)),
        ])
        .as('driver'),
      eb.exists(eb.selectFrom('vehicleTypes').select('id').where('icon', '=', fileId)).as('vehicleType'),
    ])
    .executeTakeFirstOrThrow();
  const staffs = await db.selectFrom('staffs').select('id').where('photo', '=', fileId).execute();
  return {
    driver: Boolean(row.driver),
    vehicleType: Boolean(row.vehicleType),
    staffIds: staffs.map((s) => s.id),
    uploadedBy,
  };
}
