import { defineResource } from '../../rest/declaration.js';
import { drivers as driversManifest } from '../../../src/domain/resources/drivers.js';
import { registrationNotice } from './registration.js';
import { DRIVER_ACTIONS } from './actions.js';
import { documentsJson, insertDocuments, refreshApproval, type NewDocument } from './documents.js';

export const drivers = defineResource(driversManifest, {
  table: 'drivers',
  description:
    'Drivers with their documents (one row per upload, `documents` oldest first; the newest of a kind is current), vehicle and approval state. The approval status is derived from the documents and a suspension, and changes only through the actions. Credit balance changes only through driver transactions.',
  computed: { documents: { type: 'json', sql: documentsJson } },
  delete: true,
  exportOmit: ['documents'],
  toColumns(input) {
    const { documents: _documents, ...columns } = input;
    return columns;
  },
  async afterWrite({ action, after, input, trx, services, afterCommit }) {
    if (action !== 'create' || !after) return;
    await insertDocuments(trx, after.id as number, (input?.documents ?? []) as NewDocument[]);
    await refreshApproval(trx, after.id as number);
    afterCommit(await registrationNotice(trx, services, after));
  },
  actions: DRIVER_ACTIONS,
});
