import { badRequest } from '../errors.js';
import { claimFiles, columnClaims, type FileOwnerTable } from '../files/attach.js';
import { refusal } from '../../src/domain/messageCodes.js';
import type { Row, WriteContext } from './declaration.js';
import { columnBoundsProblems } from './columnBounds.js';

/**
 * What every engine write checks of the columns it is about to write (issue 43), before anything is
 * written: numbers the columns cannot hold are field errors, not a database error, and a file column
 * takes only the writer's own unattached upload (server/files/attach.ts).
 */
export async function guardColumns(table: string, values: Row, ctx: WriteContext): Promise<void> {
  const outOfRange = await columnBoundsProblems(ctx.trx, table, values);
  if (Object.keys(outOfRange).length) throw badRequest(refusal('highlighted'), outOfRange);
  const claims = columnClaims(table, values);
  if (claims.length) {
    const owner = { table: table as FileOwnerTable, id: ctx.existing?.id as number | undefined };
    await claimFiles(ctx.trx, ctx.staff.id, owner, claims);
  }
}
