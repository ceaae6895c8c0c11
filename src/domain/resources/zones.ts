import * as yup from 'yup';
import { defineManifest, labelField } from './manifest';
import { name, oneOf, requiredName } from '../fieldRules';
import { polygonProblem } from '../zones';
import { ZONE_KINDS } from '../enums';
import { refusal } from '../messageCodes';

const polygon = () =>
  yup.mixed().test('polygon', (value, ctx) => {
    if (value === undefined) return true;
    const problem = polygonProblem(value);
    return problem ? ctx.createError({ message: problem }) : true;
  });

const surge = () =>
  yup
    .number()
    .typeError(refusal('number', { label: 'Surge' }))
    .min(1, refusal('atLeast', { label: 'Surge', min: '1 (1 = none)' }))
    .max(5, refusal('atMost', { label: 'Surge', max: '5' }));

/** What a write may set; the update takes any of them. */
const writable = {
  name: name('Name'),
  kind: oneOf(ZONE_KINDS, 'Kind'),
  pickupAllowed: yup.boolean(),
  surgeMultiplier: surge(),
  active: yup.boolean(),
  polygon: polygon(),
};

export const zones = defineManifest({
  name: 'zones',
  service: 'trip',
  subject: 'Zone',
  path: 'zones',
  menu: { id: 'zones', icon: 'zones' },
  fields: {
    name: { type: 'text', sort: true, filter: true },
    kind: {
      type: 'text',
      sort: true,
      filter: true,
      enum: ZONE_KINDS,
      enumLabels: 'app.enums.zoneKind',
      description:
        'service_area: together the service areas are where trips may start and end (none: the city); zone: a pickup rule and a surge',
    },
    pickupAllowed: { type: 'bool', sort: true, filter: true, description: 'false: bookings starting here are refused' },
    surgeMultiplier: {
      type: 'number',
      sort: true,
      description: 'Adds to the price settings’ surge window for pickups here: 1.3 adds 0.3',
    },
    active: { type: 'bool', sort: true, filter: true },
    polygon: {
      type: 'json',
      description: 'GeoJSON Polygon, one ring of [lng, lat] points (3 to 200), not crossing itself',
    },
    minLat: { type: 'number', description: 'Bounding box (computed from the polygon)' },
    minLng: { type: 'number' },
    maxLat: { type: 'number' },
    maxLng: { type: 'number' },
    createdAt: { type: 'timestamp', sort: true },
    updatedAt: { type: 'timestamp', sort: true },
  },
  search: ['name'],
  defaultSort: ['name', 'ASC'],
  label: labelField('name'),
  create: yup.object({
    ...writable,
    name: requiredName('Name'),
    kind: writable.kind.default('zone'),
    pickupAllowed: writable.pickupAllowed.default(true),
    surgeMultiplier: writable.surgeMultiplier.default(1),
    active: writable.active.default(true),
    polygon: writable.polygon.required('Draw the zone on the map'),
  }),
  update: yup.object(writable),
});
