import * as yup from 'yup';
import { fieldSchemas } from './declare';
import { defineManifest, labelField, type Fields } from './manifest';
import { GATEWAY_MODES } from '../enums';
import { GATEWAY_PROVIDERS } from '../trip';

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

/** The fields with their rules: the table's checks, the services' and the forms' write rules, OpenAPI. */
const fields = {
  name: { type: 'text', sort: true, filter: true, required: true, unique: 'ci', maxLength: 60 },
  provider: { type: 'text', sort: true, filter: true, required: true, enum: GATEWAY_PROVIDERS },
  mode: {
    type: 'text',
    sort: true,
    filter: true,
    required: true,
    enum: GATEWAY_MODES,
    default: 'test',
    enumLabels: 'app.enums.gatewayMode',
    description: 'test: the provider sandbox; live: real money',
  },
  enabled: { type: 'bool', sort: true, filter: true, required: true, default: false },
  publicSettings: {
    type: 'json',
    required: true,
    default: '{}',
    description: 'Settings that are not secret, e.g. {shortcode, callbackUrl}',
  },
  secretSettings: {
    type: 'json',
    required: true,
    default: '{}',
    secret: true,
    description: 'Keys and passwords, shown masked: {consumerSecret: "••••9f2a"}',
  },
  createdAt: { type: 'timestamp', sort: true },
  updatedAt: { type: 'timestamp', sort: true },
} as const satisfies Fields;

/**
 * The write rules, from the fields' rules; the settings are flat objects (`settings`), which a
 * write may send as null for none.
 */
const settingsRule = (label: string, secret: boolean) => (_: unknown, create: boolean) =>
  create ? settings(label, secret).default({}) : settings(label, secret);
const rules = fieldSchemas(
  fields,
  {},
  {
    publicSettings: settingsRule('Public settings', false),
    secretSettings: settingsRule('Secret settings', true),
  },
);

export const paymentGateways = defineManifest({
  name: 'payment-gateways',
  service: 'trip',
  subject: 'Gateway',
  path: 'manage-payment-getwas',
  table: 'payment_gateways',
  fields,
  search: ['name', 'provider'],
  searchIds: ['id'],
  defaultSort: ['name', 'ASC'],
  label: labelField('name'),
  menu: { id: 'paymentGateway', icon: 'gateways' },
  create: rules.create,
  update: rules.update,
});
