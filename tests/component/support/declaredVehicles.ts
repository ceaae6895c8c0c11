import { declareResource } from '../../../src/domain/resources/declare';
import { labelField } from '../../../src/domain/resources/manifest';

/**
 * The vehicles of issue 42 as `npm run new:resource` declares them (tests/server/newResource.test.ts
 * runs the command itself), with the "Retire vehicle" action a developer adds. Component tests mock
 * src/domain/resources/declared/index.ts with it, so the panel serves it as a generated resource.
 */
export const vehicles = declareResource({
  name: 'vehicles',
  service: 'trip',
  subject: 'Vehicle',
  subjectLabel: 'Vehicles',
  path: 'vehicles',
  table: 'vehicles',
  fields: {
    plate: { type: 'text', sort: true, required: true, unique: 'ci', maxLength: 12 },
    year: { type: 'int', sort: true, filter: true, nullable: true, min: 1990, max: 2030, format: 'plain' },
    vehicleTypeId: { type: 'int', reference: 'vehicle-types', filter: true, required: true },
    insuranceExpiresOn: { type: 'date', sort: true, filter: true, nullable: true },
    active: { type: 'bool', sort: true, filter: true, nullable: true, default: true },
    createdAt: { type: 'timestamp', sort: true },
    updatedAt: { type: 'timestamp', sort: true },
  },
  search: ['plate'],
  searchIds: ['id'],
  defaultSort: ['createdAt', 'DESC'],
  label: labelField('plate'),
  menu: { id: 'vehicles', icon: 'declared' },
  actions: {
    retire: {
      label: 'Retire vehicle',
      body: { reason: { type: 'text', required: true, maxLength: 200 } },
      confirm: 'Retire this vehicle? It leaves the active fleet.',
      inBulk: true,
    },
  },
  labels: {
    name: 'Vehicle |||| Vehicles',
    fields: {
      plate: 'Plate',
      year: 'Year',
      vehicleTypeId: 'Vehicle type',
      insuranceExpiresOn: 'Insurance expires on',
      active: 'Active',
      createdAt: 'Created at',
      updatedAt: 'Updated at',
    },
  },
});
