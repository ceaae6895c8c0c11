import { defineResource } from '../../rest/declaration.js';
import { auditLogs as auditLogsManifest } from '../../../src/domain/resources/auditLogs.js';
import { sql } from 'kysely';
import { nameOf } from '../../rest/names.js';
import { DECLARED } from '../../../src/domain/resources/declared/index.js';

const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * The record's label for the generated resources' rows ("KDA 101A", from the declaration's label
 * fields), while the record exists; the panel shows it after the resource's name ("Vehicle KDA 101A").
 */
function declaredRecordLabel() {
  const labelled = DECLARED.filter((m) => m.table && m.label.fields.some((f) => f !== 'id'));
  if (!labelled.length) return undefined;
  const cases = labelled.map((m) => {
    const columns = m.label.fields.filter((f) => f !== 'id').map((f) => sql.ref(`x.${snake(f)}`));
    return sql`when ${m.name} then (select nullif(concat_ws(' ', ${sql.join(columns)}), '') from ${sql.table(m.table!)} x where x.id::text = audit_logs.record_id)`;
  });
  return sql<string>`(case audit_logs.resource ${sql.join(cases, sql` `)} end)`;
}
const recordLabel = declaredRecordLabel();

/** Read-only: who changed what, when, with the changed fields before and after (secrets masked). */
export const auditLogs = defineResource(auditLogsManifest, {
  table: 'auditLogs',
  description: 'Every write by staff through the resource engine. `before`/`after` hold only the fields that changed.',
  computed: {
    staffName: { type: 'text', sql: nameOf('staffs', 'audit_logs.staff_id') },
    // An undo's row reads "Undo of Suspend": the action of the entry it undoes.
    undoOfAction: {
      type: 'text',
      sql: sql<string>`(select o.action from audit_logs o where o.id = audit_logs.undo_of)`,
    },
    ...(recordLabel ? { recordLabel: { type: 'text' as const, sql: recordLabel } } : {}),
  },
});
