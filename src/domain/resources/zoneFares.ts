import * as yup from 'yup';
import { id, money } from '../fieldRules';
import { defineManifest } from './manifest';
import { refusal } from '../messageCodes';

const amount = () => money('Amount').moreThan(0, refusal('moreThan', { label: 'Amount', min: 0 }));

/** What a write may set; the update takes any of them. */
const writable = {
  fromZoneId: id('zone'),
  toZoneId: id('zone'),
  vehicleTypeId: id('vehicle type').nullable(),
  amount: amount(),
  bothWays: yup.boolean(),
  active: yup.boolean(),
};

/**
 * Airport-style fixed fares between two service zones (issue 32, src/domain/zoneFares.ts): reached
 * from the Service Zones list; the Zone permissions cover them.
 */
export const zoneFares = defineManifest({
  name: 'zone-fares',
  service: 'trip',
  subject: 'Zone',
  path: 'zone-fares',
  menu: { none: 'the Service Zones list’s "Fixed fares" button' },
  fields: {
    fromZoneId: {
      type: 'int',
      reference: 'zones',
      filter: true,
      description: 'Zone A: the pickup is in it (or the drop-off, with bothWays)',
    },
    toZoneId: { type: 'int', reference: 'zones', filter: true, description: 'Zone B: the drop-off is in it' },
    vehicleTypeId: {
      type: 'int',
      reference: 'vehicle-types',
      filter: true,
      nullable: true,
      description: 'Null: every vehicle type. A vehicle type’s own fixed fare wins over one for every type',
    },
    amount: {
      type: 'number',
      format: 'money',
      sort: true,
      description:
        'The fare, > 0: it replaces base + distance + time, with no surge (neither time windows nor zones) and no minimum; a discount code still applies',
    },
    bothWays: { type: 'bool', filter: true, description: 'Also from B to A' },
    active: { type: 'bool', sort: true, filter: true },
    createdAt: { type: 'timestamp', sort: true },
    updatedAt: { type: 'timestamp', sort: true },
  },
  defaultSort: ['id', 'ASC'],
  // `route` ("A → B", the zones' names) is computed by the server's declaration.
  label: {
    fields: ['route'],
    format: (record) => (typeof record.route === 'string' ? record.route : undefined),
  },
  create: yup.object({
    ...writable,
    fromZoneId: writable.fromZoneId.required('Choose a zone'),
    toZoneId: writable.toZoneId.required('Choose a zone'),
    vehicleTypeId: writable.vehicleTypeId.default(null),
    amount: writable.amount.required('Amount is required'),
    bothWays: writable.bothWays.default(true),
    active: writable.active.default(true),
  }),
  update: yup.object(writable),
});
