import { sql } from 'kysely';
import { defineResource } from '../../rest/declaration.js';
import { sosCallLogs as sosCallLogsManifest } from '../../../src/domain/resources/sosCallLogs.js';
import { nameOf, partyNameOf } from '../../rest/names.js';
import { SOS_ACTIONS } from './alarms.js';

/** The alarm's timeline, oldest first: each step's kind, time, staff member (id and name), seconds and note. */
const timelineJson = sql`(select coalesce(jsonb_agg(jsonb_build_object(
    'id', e.id, 'kind', e.kind, 'at', e.at, 'staffId', e.staff_id,
    'staffName', (select s.first_name || ' ' || s.last_name from staffs s where s.id = e.staff_id),
    'seconds', e.seconds, 'note', e.note) order by e.at, e.id), '[]'::jsonb)
  from sos_call_events e where e.sos_call_log_id = sos_call_logs.id)`;

export const sosCallLogs = defineResource(sosCallLogsManifest, {
  table: 'sosCallLogs',
  description:
    'SOS alarms raised from a trip by its passenger or driver (POST /api/trip/sos/report; repeated reports within a minute merge into the open alarm, counted by `reportCount`). They move on only through the actions: acknowledge (`handledBy`/`handledAt`, `ackSeconds`), note, resolve and false-alarm (`resolvedBy`/`resolvedAt`, the note in `notes`). `timeline` lists every step.',
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
    otherPartyId: {
      type: 'int',
      sql: sql`(select case sos_call_logs.caller_kind when 'passenger' then t.driver_id else t.passenger_id end
        from trips t where t.id = sos_call_logs.trip_id)`,
    },
    otherPartyName: {
      type: 'text',
      sql: sql`(case sos_call_logs.caller_kind
        when 'passenger' then (select d.first_name || ' ' || d.last_name from trips t join drivers d on d.id = t.driver_id where t.id = sos_call_logs.trip_id)
        else (select p.first_name || ' ' || p.last_name from trips t join passengers p on p.id = t.passenger_id where t.id = sos_call_logs.trip_id) end)`,
    },
    otherPartyPhone: {
      type: 'text',
      sql: sql`(case sos_call_logs.caller_kind
        when 'passenger' then (select d.phone from trips t join drivers d on d.id = t.driver_id where t.id = sos_call_logs.trip_id)
        else (select p.phone from trips t join passengers p on p.id = t.passenger_id where t.id = sos_call_logs.trip_id) end)`,
    },
    handledByName: { type: 'text', sql: nameOf('staffs', 'sos_call_logs.handled_by') },
    resolvedByName: { type: 'text', sql: nameOf('staffs', 'sos_call_logs.resolved_by') },
    timeline: { type: 'json', sql: timelineJson },
  },
  actions: SOS_ACTIONS,
  exportOmit: ['timeline'],
});
