import * as yup from 'yup';
import { fileId, money, name, percent, requiredName, text } from '../fieldRules';
import { defineManifest, labelField } from './manifest';
import { refusal } from '../messageCodes';

export const SEATS_MIN = 1;
export const SEATS_MAX = 20;

/** What a write may set; the update takes any of them. `active` changes through the activate/deactivate actions. */
const writable = {
  name: name('Name', 40),
  description: text('Description', 300, true).nullable(),
  icon: fileId(),
  seats: yup
    .number()
    .typeError(refusal('number', { label: 'Seats' }))
    .integer(refusal('wholeNumber', { label: 'Seats' }))
    .min(SEATS_MIN, refusal('atLeast', { label: 'Seats', min: SEATS_MIN }))
    .max(SEATS_MAX, refusal('atMost', { label: 'Seats', max: SEATS_MAX })),
  baseFare: money('Base fare'),
  pricePerKm: money('Price per km'),
  pricePerMinute: money('Price per minute'),
  minimumFare: money('Minimum fare'),
  cancellationFee: money('Cancellation fee'),
  commissionPercent: percent('Commission').nullable(),
};

export const vehicleTypes = defineManifest({
  name: 'vehicle-types',
  service: 'trip',
  subject: 'VehicleType',
  path: 'vehicle-management/vehicles',
  fields: {
    name: { type: 'text', sort: true, filter: true },
    description: { type: 'text', nullable: true },
    icon: { type: 'int', nullable: true, description: 'File id of the icon (GET /api/user/files/:id)' },
    seats: { type: 'int', sort: true, filter: true },
    baseFare: { type: 'number', format: 'money', sort: true, description: 'Charged on every trip' },
    pricePerKm: { type: 'number', format: 'money', sort: true },
    pricePerMinute: { type: 'number', format: 'money', sort: true },
    minimumFare: {
      type: 'number',
      format: 'money',
      sort: true,
      description: 'A trip never costs less than this (before a discount)',
    },
    cancellationFee: {
      type: 'number',
      format: 'money',
      sort: true,
      description: 'Charged (card and wallet) when the passenger cancels after the driver arrived',
    },
    commissionPercent: {
      type: 'number',
      sort: true,
      nullable: true,
      description: "The platform's share of a fare; null: the default commission of the price settings",
    },
    active: {
      type: 'bool',
      sort: true,
      filter: true,
      description: 'Changed by the deactivate and activate actions (deactivating is refused during active trips)',
    },
    createdAt: { type: 'timestamp', sort: true },
    updatedAt: { type: 'timestamp', sort: true },
  },
  search: ['name', 'description'],
  searchIds: ['id'],
  defaultSort: ['baseFare', 'ASC'],
  label: labelField('name'),
  menu: { id: 'vehicleTypes', icon: 'vehicles' },
  create: yup.object({
    ...writable,
    name: requiredName('Name', 40),
    seats: writable.seats.required(refusal('required', { label: 'Seats' })),
    baseFare: writable.baseFare.required(refusal('required', { label: 'Base fare' })),
    pricePerKm: writable.pricePerKm.required(refusal('required', { label: 'Price per km' })),
    pricePerMinute: writable.pricePerMinute.required(refusal('required', { label: 'Price per minute' })),
    minimumFare: writable.minimumFare.required(refusal('required', { label: 'Minimum fare' })),
    cancellationFee: writable.cancellationFee.default(0),
    commissionPercent: writable.commissionPercent.default(null),
    active: yup.boolean().default(true),
  }),
  update: yup.object(writable),
});
