import { sql } from 'kysely';
import { defineResource } from '../../rest/declaration.js';
import { badRequest } from '../../errors.js';
import { drivers as driversManifest } from '../../../src/domain/resources/drivers.js';
import { DRIVER_ONLINE_STATES } from '../../../src/domain/enums.js';
import { ACTIVE_TRIP_STATUSES } from '../../../src/domain/trip.js';
import { registrationNotice } from './registration.js';
import { DRIVER_ACTIONS } from './actions.js';
import { documentsJson, insertDocuments, refreshApproval, type NewDocument } from './documents.js';
import { refusal } from '../../../src/domain/messageCodes.js';
import { assertDriverUpdate, payoutColumns } from './payoutDetails.js';

/** online, on a trip (an active trip, by the partial index trips_active_idx) or offline. */
const onlineState = sql<string>`(case
  when exists (select 1 from trips t where t.driver_id = drivers.id and t.status in (${sql.join([...ACTIVE_TRIP_STATUSES])})) then 'on_trip'
  when drivers.online then 'online' else 'offline' end)`;

export const drivers = defineResource(driversManifest, {
  table: 'drivers',
  description:
    'Drivers with their documents (one row per upload, `documents` oldest first; the newest of a kind is current), vehicle and approval state, and how they are paid out (`payoutMethod` mobile_money or bank; a bank payout needs `bankAccountHolder`, `bankCode`, `bankBranchCode` and `bankAccountNumber`, which is write-only: answers show `bankAccountMasked`, its last 4 digits). The approval status is derived from the documents and a suspension, and changes only through the actions. Credit balance changes only through driver transactions.',
  computed: {
    documents: { type: 'json', sql: documentsJson },
    onlineState: { type: 'text', sql: onlineState },
    vehicleTypeName: {
      type: 'text',
      sql: sql`(select v.name from vehicle_types v where v.id = drivers.vehicle_type_id)`,
    },
    // The account number as every answer shows it: its last 4 digits (maskAccountNumber's SQL twin).
    bankAccountMasked: {
      type: 'text',
      sql: sql`(case when drivers.bank_account_number is null then null else '••••' || right(drivers.bank_account_number, 4) end)`,
    },
    tripsCompleted: {
      type: 'int',
      sql: sql`(select count(*)::int from trips t where t.driver_id = drivers.id and t.status = 'completed')`,
    },
  },
  filters: {
    onlineState: (value) => {
      const states = (Array.isArray(value) ? value : [value]) as unknown[];
      if (!states.length || states.some((s) => !(DRIVER_ONLINE_STATES as readonly unknown[]).includes(s)))
        throw badRequest(refusal('oneOf', { label: 'Filter "onlineState"', values: DRIVER_ONLINE_STATES.join(', ') }));
      return sql<boolean>`${onlineState} in (${sql.join(states as string[])})`;
    },
    unapproved: (value) => {
      if (value === true || value === 'true') return sql<boolean>`drivers.approval_status <> 'approved'`;
      if (value === false || value === 'false') return sql<boolean>`drivers.approval_status = 'approved'`;
      throw badRequest(refusal('filterTrueFalse', { key: 'unapproved' }));
    },
    negativeBalance: (value) => {
      if (value === true || value === 'true') return sql<boolean>`drivers.credit_balance < 0`;
      if (value === false || value === 'false') return sql<boolean>`drivers.credit_balance >= 0`;
      throw badRequest(refusal('filterTrueFalse', { key: 'negativeBalance' }));
    },
  },
  delete: true,
  // The page's ids first, then the computed values (documents, online state, trips completed) of
  // those rows only: at 1M trips page 40 took 1.7 s computing them for the 975 rows it skipped.
  deferredJoin: true,
  exportOmit: ['documents'],
  // Updates are open to view-Driver at the route; assertDriverUpdate then asks update-Driver, or
  // update-DriverPayoutDetails for the payout details (issue 43).
  access: { update: 'view-Driver' },
  toColumns(input, { existing, staff }) {
    const { documents: _documents, ...columns } = input;
    if (existing) assertDriverUpdate(staff, columns, existing);
    return payoutColumns(columns, existing);
  },
  async afterWrite({ action, after, input, trx, services, staff, afterCommit }) {
    if (action !== 'create' || !after) return;
    await insertDocuments(trx, after.id as number, (input?.documents ?? []) as NewDocument[], staff.id);
    await refreshApproval(trx, after.id as number);
    afterCommit(await registrationNotice(trx, services, after));
  },
  actions: DRIVER_ACTIONS,
});
