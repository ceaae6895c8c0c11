import { sql } from 'kysely';
import { defineResource } from '../../rest/declaration.js';
import { sosCallLogs as sosCallLogsManifest } from '../../../src/domain/resources/sosCallLogs.js';
import { nameOf, partyNameOf } from '../../rest/names.js';

export const sosCallLogs = defineResource(sosCallLogsManifest, {
  table: 'sosCallLogs',
  description:
    'SOS alarms raised from a trip by its passenger or driver (POST /api/trip/sos/report). Staff acknowledge and resolve them; the first change of status records who handled it and when.',
  computed: {
    callerName: {
      type: 'text',
      sql: partyNameOf('sos_call_logs.caller_kind', 'sos_call_logs.caller_id'),
    },
    callerPhone: {
      type: 'text',
      sql: sql`(case sos_call_logs.caller_kind
        when 'passenger' then (select p.phone from passengers p where p.id = sos_call_logs.caller_id)
        else (select d.phone from drivers d where d.id = sos_call_logs.caller_id) end)`,
    },
    handledByName: { type: 'text', sql: nameOf('staffs', 'sos_call_logs.handled_by') },
  },
  toColumns(input, { existing, staff }) {
    const columns: Record<string, unknown> = { ...input };
    if (input.status && input.status !== existing?.status && existing?.handledBy == null) {
      columns.handledBy = staff.id;
      columns.handledAt = new Date();
    }
    return columns;
  },
});
