import * as yup from 'yup';
import { defineManifest, labelNumbered } from './manifest';
import { REPORTER_KINDS, SOS_STATUSES } from '../enums';
import { text } from '../fieldRules';
import { refusal } from '../messageCodes';

export const sosCallLogs = defineManifest({
  name: 'sos-call-logs',
  service: 'trip',
  subject: 'SosContacts',
  path: 'sos-call-logs',
  fields: {
    tripId: { type: 'int', filter: true, sort: true },
    callerKind: { type: 'text', filter: true, enum: REPORTER_KINDS, enumLabels: 'app.enums.reporterKind' },
    callerId: { type: 'int', filter: true },
    lat: { type: 'number' },
    lng: { type: 'number' },
    calledAt: { type: 'timestamp', sort: true, filter: true },
    status: { type: 'text', filter: true, sort: true, enum: SOS_STATUSES, enumLabels: 'app.enums.sosStatus' },
    handledBy: { type: 'int', filter: true },
    handledAt: { type: 'timestamp', sort: true },
    notes: { type: 'text' },
    ackSeconds: { type: 'int', sort: true },
    resolvedBy: { type: 'int', filter: true },
    resolvedAt: { type: 'timestamp', sort: true },
    reportCount: { type: 'int' },
    /** False when raised without the trip's app token (SOS_PUBLIC_REPORTS, for older app builds). */
    verified: { type: 'bool', filter: true },
    lastReportedAt: { type: 'timestamp', sort: true },
    /** Raised by the demo's simulator: marked on the banner and the alarm page. */
    simulated: { type: 'bool', filter: true },
    createdAt: { type: 'timestamp' },
    updatedAt: { type: 'timestamp', sort: true },
  },
  searchIds: ['id', 'tripId'],
  defaultSort: ['calledAt', 'DESC'],
  label: labelNumbered('SOS'),
  menu: { id: 'sosCallLogs', icon: 'sosCallLogs' },
  // No generic create or update: alarms are raised through POST /api/trip/sos/report and move on
  // only through the actions (acknowledge, note, resolve, false-alarm), which time and attribute them.
});

/** A note's text, required (resolve and false alarm need one to say what happened). */
const note = (required: string) => text('Note', 4000, true).required(required);

/** The SOS actions' bodies, shared by the panel's dialogs and the server. */
export const sosActionBodies = {
  note: yup.object({ note: note(refusal('writeANote')) }),
  resolve: yup.object({ note: note(refusal('howAlarmResolved')) }),
  falseAlarm: yup.object({ note: note(refusal('whyFalseAlarm')) }),
};
