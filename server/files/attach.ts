import { sql } from 'kysely';
import type { Db } from '../db/index.js';
import { badRequest } from '../errors.js';

/** What a stored file is attached as. */
export type FilePurpose = 'photo' | 'document' | 'icon';

/** The records that own files: a staff member's photo, a driver's photo and documents, a vehicle type's icon. */
export type FileOwnerTable = 'staffs' | 'drivers' | 'vehicleTypes';

const IMAGES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];
/** The content types each purpose takes (an upload's type is decided from its bytes). */
const TYPES: Record<FilePurpose, readonly string[]> = {
  photo: IMAGES,
  icon: IMAGES,
  document: [...IMAGES, 'application/pdf'],
};

/** The file columns of the records written through the resource engine, by table. */
export const FILE_COLUMNS: Partial<Record<string, Record<string, FilePurpose>>> = {
  staffs: { photo: 'photo' },
  drivers: { photo: 'photo' },
  vehicleTypes: { icon: 'icon' },
};

/** Every record that holds a file, as `table:id` (a driver's photo and documents are both `drivers:id`). */
export async function fileHolders(db: Db, fileId: number): Promise<string[]> {
  const { rows } = await sql<{ holder: string }>`
    select 'drivers:' || driver_id as holder from driver_documents where file_id = ${fileId}
    union select 'drivers:' || id from drivers where photo = ${fileId}
    union select 'staffs:' || id from staffs where photo = ${fileId}
    union select 'vehicleTypes:' || id from vehicle_types where icon = ${fileId}`.execute(db);
  return rows.map((r) => r.holder);
}

/**
 * The one rule for attaching stored files to a record (issue 43): a record may take a file only
 * if its writer uploaded it, its type fits the purpose and no other record holds it. A file the
 * record already holds may stay. Anything else is a 400 naming the field, before anything is
 * written. `writer` null (an app's sign-up) can attach no file. The file rows are locked, so two
 * writes cannot both take one file.
 */
export async function claimFiles(
  trx: Db,
  writer: number | null,
  owner: { table: FileOwnerTable; id?: number },
  claims: { field: string; fileId: unknown; purpose: FilePurpose }[],
): Promise<void> {
  const errors: Record<string, string> = {};
  for (const { field, fileId, purpose } of claims) {
    if (fileId === null || fileId === undefined) continue;
    const id = Number(fileId);
    const file = await trx
      .selectFrom('files')
      .select(['id', 'uploadedBy', 'contentType'])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!file) {
      errors[field] = 'No such uploaded file: upload it first';
      continue;
    }
    const holders = await fileHolders(trx, id);
    const self = owner.id === undefined ? undefined : `${owner.table}:${owner.id}`;
    if (self && holders.length > 0 && holders.every((h) => h === self)) continue;
    if (holders.length > 0 || writer === null || file.uploadedBy !== writer) {
      errors[field] = 'This file belongs to someone else: upload your own file';
      continue;
    }
    if (!TYPES[purpose].includes(file.contentType))
      errors[field] =
        purpose === 'document' ? 'A document must be an image or a PDF' : `The ${purpose} must be an image`;
  }
  if (Object.keys(errors).length) throw badRequest(Object.values(errors)[0]!, errors);
}

/** The claims of a resource write: its table's file columns present in `values`. */
export function columnClaims(table: string, values: Record<string, unknown>) {
  return Object.entries(FILE_COLUMNS[table] ?? {})
    .filter(([field]) => field in values)
    .map(([field, purpose]) => ({ field, fileId: values[field], purpose }));
}
