import { defineResource } from '../../rest/declaration.js';
import { auditLogs as auditLogsManifest } from '../../../src/domain/resources/auditLogs.js';
import { sql } from 'kysely';
import { nameOf } from '../../rest/names.js';
import { MANIFEST } from '../../../src/domain/resources/index.js';

const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * Where the records of the spec's resources are kept, for those whose label is their own columns
 * (a person's name, a type's name, a discount's code). Trips and SOS calls are named by number.
 */
const OWN_TABLES: Record<string, string> = {
  staffs: 'staffs',
  roles: 'roles',
  drivers: 'drivers',
  passengers: 'passengers',
  zones: 'zones',
  'price-settings': 'price_settings',
  'vehicle-types': 'vehicle_types',
  'payment-gateways': 'payment_gateways',
  discounts: 'discounts',
  'sos-contacts': 'sos_contacts',
};

/**
 * The record's label ("Forrest Dare", "KDA 101A", from its manifest's label fields) while the record
 * exists: the panel shows it after the resource's name ("Driver Forrest Dare", "Vehicle KDA 101A").
 */
function recordLabelSql() {
  const labelled = MANIFEST.map((m) => ({ m, table: m.table ?? OWN_TABLES[m.name] })).filter(
    ({ m, table }) => table && m.label.fields.some((f) => f !== 'id'),
  );
  if (!labelled.length) return undefined;
  const cases = labelled.map(({ m, table }) => {
    const columns = m.label.fields.filter((f) => f !== 'id').map((f) => sql.ref(`x.${snake(f)}`));
    return sql`when ${m.name} then (select nullif(concat_ws(' ', ${sql.join(columns)}), '') from ${sql.table(table!)} x where x.id::text = audit_logs.record_id)`;
  });
  return sql<string>`(case audit_logs.resource ${sql.join(cases, sql` `)} end)`;
}
const recordLabel = recordLabelSql();

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
