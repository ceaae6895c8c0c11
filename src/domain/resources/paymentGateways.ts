import { defineManifest, labelField } from './manifest';
import { GATEWAY_MODES } from '../enums';
import { GATEWAY_PROVIDERS } from '../trip';

export const paymentGateways = defineManifest({
  name: 'payment-gateways',
  service: 'trip',
  subject: 'Gateway',
  path: 'manage-payment-getwas',
  fields: {
    name: { type: 'text', sort: true, filter: true },
    provider: { type: 'text', sort: true, filter: true, enum: GATEWAY_PROVIDERS },
    mode: {
      type: 'text',
      sort: true,
      filter: true,
      enum: GATEWAY_MODES,
      description: 'test: the provider sandbox; live: real money',
    },
    enabled: { type: 'bool', sort: true, filter: true },
    publicSettings: { type: 'json', description: 'Settings that are not secret, e.g. {shortcode, callbackUrl}' },
    secretSettings: {
      type: 'json',
      secret: true,
      description: 'Keys and passwords, shown masked: {consumerSecret: "••••9f2a"}',
    },
    createdAt: { type: 'timestamp', sort: true },
    updatedAt: { type: 'timestamp', sort: true },
  },
  search: ['name', 'provider'],
  searchIds: ['id'],
  defaultSort: ['name', 'ASC'],
  label: labelField('name'),
});
