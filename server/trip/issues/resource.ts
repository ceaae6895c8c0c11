import { badRequest } from '../../errors.js';
import { defineResource } from '../../rest/declaration.js';
import { issues as issuesManifest } from '../../../src/domain/resources/issues.js';
import { nameOf, partyNameOf } from '../../rest/names.js';

const CLOSED = ['resolved', 'closed'];

/** The write schemas are the manifest's (src/domain/resources/issues.ts); the checks below need the database. */
export const issues = defineResource(issuesManifest, {
  table: 'issues',
  description:
    "Complaints and problems reported about a trip by its passenger or its driver. `reporterId` is the trip's passenger or driver, per `reporterKind`. Moving to resolved or closed needs a resolution note and stamps `resolvedAt`.",
  computed: {
    reporterName: {
      type: 'text',
      sql: partyNameOf('issues.reporter_kind', 'issues.reporter_id'),
    },
    assigneeName: { type: 'text', sql: nameOf('staffs', 'issues.assignee_id') },
  },
  delete: true,
  async toColumns(input, { trx, existing }) {
    const columns: Record<string, unknown> = { ...input };
    const errors: Record<string, string> = {};
    if (!existing) {
      const trip = await trx
        .selectFrom('trips')
        .select(['passengerId', 'driverId'])
        .where('id', '=', input.tripId)
        .executeTakeFirst();
      if (!trip) errors.tripId = 'No trip with this id';
      else if (input.reporterKind === 'driver' && trip.driverId === null)
        errors.reporterKind = 'This trip has no driver';
      else columns.reporterId = input.reporterKind === 'driver' ? trip.driverId : trip.passengerId;
    }
    const status = input.status ?? existing?.status;
    const note = 'resolutionNote' in input ? input.resolutionNote : existing?.resolutionNote;
    if (CLOSED.includes(status) && !note) errors.resolutionNote = 'Say how the issue was resolved';
    if (input.assigneeId) {
      const staff = await trx
        .selectFrom('staffs')
        .select('status')
        .where('id', '=', input.assigneeId)
        .executeTakeFirst();
      if (!staff) errors.assigneeId = 'No staff member with this id';
      else if (staff.status !== 'active') errors.assigneeId = 'This staff member is inactive';
    }
    if (Object.keys(errors).length) throw badRequest('Please correct the highlighted fields', errors);
    const wasClosed = existing ? CLOSED.includes(existing.status as string) : false;
    if (CLOSED.includes(status) && !wasClosed) columns.resolvedAt = new Date();
    if (!CLOSED.includes(status) && wasClosed) columns.resolvedAt = null;
    return columns;
  },
});
