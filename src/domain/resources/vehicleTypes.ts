import { defineManifest, labelField } from './manifest';

export const vehicleTypes = defineManifest({
  name: 'vehicle-types',
  service: 'trip',
  subject: 'VehicleType',
  path: 'vehicle-management/vehicles',
  fields: {
    name: { type: 'text', sort: true, filter: true },
    description: { type: 'text' },
    icon: { type: 'int', description: 'File id of the icon (GET /api/user/files/:id)' },
    seats: { type: 'int', sort: true, filter: true },
    baseFare: { type: 'number', sort: true, description: 'Charged on every trip' },
    pricePerKm: { type: 'number', sort: true },
    pricePerMinute: { type: 'number', sort: true },
    minimumFare: { type: 'number', sort: true, description: 'A trip never costs less than this (before a discount)' },
    cancellationFee: {
      type: 'number',
      sort: true,
      description: 'Charged (card and wallet) when the passenger cancels after the driver arrived',
    },
    commissionPercent: {
      type: 'number',
      sort: true,
      description: "The platform's share of a fare; null: the default commission of the price settings",
    },
    active: { type: 'bool', sort: true, filter: true },
    createdAt: { type: 'timestamp', sort: true },
    updatedAt: { type: 'timestamp', sort: true },
  },
  search: ['name', 'description'],
  searchIds: ['id'],
  defaultSort: ['baseFare', 'ASC'],
  label: labelField('name'),
});
