import * as yup from 'yup';
import { name, oneOf, requiredName } from '../fieldRules';
import { defineManifest, labelField } from './manifest';
import { GATEWAY_MODES } from '../enums';
import { GATEWAY_PROVIDERS } from '../trip';
import { refusal } from '../messageCodes';

// No underscores: the database layer's CamelCasePlugin would rewrite snake_case keys inside JSON values on reading.
const KEY = /^[A-Za-z][A-Za-z0-9.-]{0,59}$/;

/** A flat object of settings: keys like `shortcode`, values text (numbers and booleans allowed when public). */
const settings = (label: string, secret: boolean) =>
  yup
    .mixed<Record<string, unknown>>()
    .test(
      'settings',
      `${label} must be an object of ${secret ? 'text (or null to clear)' : 'text, number or true/false'} values with names such as consumerKey`,
      (v) => {
        if (v === undefined || v === null) return true;
        if (typeof v !== 'object' || Array.isArray(v)) return false;
        const entries = Object.entries(v);
        if (entries.length > 30) return false;
        return entries.every(
          ([k, val]) =>
            KEY.test(k) &&
            (typeof val === 'string'
              ? val.length <= 2000
              : secret
                ? val === null
                : typeof val === 'number' || typeof val === 'boolean'),
        );
      },
    );

const writable = {
  name: name('Name', 60),
  provider: oneOf(GATEWAY_PROVIDERS, 'Provider'),
  mode: oneOf(GATEWAY_MODES, 'Mode'),
  enabled: yup.boolean(),
  publicSettings: settings('Public settings', false),
  secretSettings: settings('Secret settings', true),
};

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
      enumLabels: 'app.enums.gatewayMode',
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
  menu: { id: 'paymentGateway', icon: 'gateways' },
  create: yup.object({
    ...writable,
    name: requiredName('Name', 60),
    provider: writable.provider.required(refusal('required', { label: 'Provider' })),
    mode: writable.mode.default('test'),
    enabled: writable.enabled.default(false),
    publicSettings: writable.publicSettings.default({}),
    secretSettings: writable.secretSettings.default({}),
  }),
  update: yup.object(writable),
});
