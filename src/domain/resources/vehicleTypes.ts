import { fieldSchemas } from './declare';
import { defineManifest, labelField, type Fields } from './manifest';

export const SEATS_MIN = 1;
export const SEATS_MAX = 20;

const money = { type: 'number', format: 'money', sort: true, required: true } as const;

/** The fields with their rules: the table's checks, the services' and the forms' write rules, OpenAPI. */
const fields = {
  name: { type: 'text', sort: true, filter: true, required: true, unique: 'ci', maxLength: 40 },
  description: { type: 'text', nullable: true, maxLength: 300, multiline: true },
  icon: { type: 'int', nullable: true, min: 1, description: 'File id of the icon (GET /api/user/files/:id)' },
  seats: { type: 'int', sort: true, filter: true, required: true, min: SEATS_MIN, max: SEATS_MAX },
  baseFare: { ...money, description: 'Charged on every trip' },
  pricePerKm: money,
  pricePerMinute: money,
  minimumFare: { ...money, description: 'A trip never costs less than this (before a discount)' },
  cancellationFee: {
    ...money,
    default: 0,
    description: 'Charged (card and wallet) when the passenger cancels after the driver arrived',
  },
  commissionPercent: {
    type: 'number',
    sort: true,
    nullable: true,
    min: 0,
    max: 100,
    decimals: 2,
    description: "The platform's share of a fare; null: the default commission of the price settings",
  },
  active: {
    type: 'bool',
    sort: true,
    filter: true,
    required: true,
    default: true,
    description: 'Changed by the deactivate and activate actions (deactivating is refused during active trips)',
  },
  createdAt: { type: 'timestamp', sort: true },
  updatedAt: { type: 'timestamp', sort: true },
} as const satisfies Fields;

/** The write rules, from the fields' rules; `active` changes only through the activate and deactivate actions. */
const rules = fieldSchemas(fields, { commissionPercent: 'Commission' });

export const vehicleTypes = defineManifest({
  name: 'vehicle-types',
  service: 'trip',
  subject: 'VehicleType',
  path: 'vehicle-management/vehicles',
  table: 'vehicle_types',
  fields,
  search: ['name', 'description'],
  searchIds: ['id'],
  defaultSort: ['baseFare', 'ASC'],
  label: labelField('name'),
  menu: { id: 'vehicleTypes', icon: 'vehicles' },
  create: rules.create,
  update: rules.update.omit(['active']),
});
