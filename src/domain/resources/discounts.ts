import { defineManifest, labelField } from './manifest';
import { DISCOUNT_KINDS } from '../enums';

export const discounts = defineManifest({
  name: 'discounts',
  service: 'trip',
  subject: 'Discount',
  path: 'discounts',
  fields: {
    code: { type: 'text', sort: true, filter: true },
    name: { type: 'text', sort: true },
    kind: { type: 'text', sort: true, filter: true, enum: DISCOUNT_KINDS },
    value: { type: 'number', sort: true },
    maxDiscount: { type: 'number', sort: true },
    minFare: { type: 'number', sort: true },
    validFrom: { type: 'timestamp', sort: true, filter: true },
    validTo: { type: 'timestamp', sort: true, filter: true },
    usageLimit: { type: 'int', sort: true },
    perPassengerLimit: { type: 'int', sort: true },
    timesUsed: { type: 'int', sort: true, filter: true, description: 'Completed trips that used the code (read-only)' },
    active: { type: 'bool', sort: true, filter: true },
    createdAt: { type: 'timestamp', sort: true },
    updatedAt: { type: 'timestamp', sort: true },
  },
  search: ['code', 'name'],
  searchIds: ['id'],
  defaultSort: ['createdAt', 'DESC'],
  label: labelField('code'),
});
