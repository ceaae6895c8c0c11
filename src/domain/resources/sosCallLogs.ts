import * as yup from 'yup';
import { defineManifest, labelNumbered } from './manifest';
import { REPORTER_KINDS, SOS_STATUSES } from '../enums';
import { oneOf, text } from '../fieldRules';

export const sosCallLogs = defineManifest({
  name: 'sos-call-logs',
  service: 'trip',
  subject: 'SosContacts',
  path: 'sos-call-logs',
  fields: {
    tripId: { type: 'int', filter: true, sort: true },
    callerKind: { type: 'text', filter: true, enum: REPORTER_KINDS },
    callerId: { type: 'int', filter: true },
    lat: { type: 'number' },
    lng: { type: 'number' },
    calledAt: { type: 'timestamp', sort: true, filter: true },
    status: { type: 'text', filter: true, sort: true, enum: SOS_STATUSES },
    handledBy: { type: 'int', filter: true },
    handledAt: { type: 'timestamp', sort: true },
    notes: { type: 'text' },
    createdAt: { type: 'timestamp' },
    updatedAt: { type: 'timestamp', sort: true },
  },
  searchIds: ['id', 'tripId'],
  defaultSort: ['calledAt', 'DESC'],
  label: labelNumbered('SOS'),
  /** Alarms are raised through POST /api/trip/sos/report; staff only move them on and take notes. */
  update: yup.object({
    status: oneOf(SOS_STATUSES, 'Status'),
    notes: text('Notes', 4000, true).nullable(),
  }),
});
