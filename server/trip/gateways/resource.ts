import * as yup from 'yup';
import { defineResource } from '../../rest/declaration.js';
import { paymentGateways as paymentGatewaysManifest } from '../../../src/domain/resources/paymentGateways.js';
import { oneOf } from '../../rest/fields.js';
import { GATEWAY_MODES } from '../../../src/domain/enums.js';
import { GATEWAY_PROVIDERS } from '../../../src/domain/trip.js';

// No underscores: the database layer's CamelCasePlugin would rewrite snake_case keys inside JSON values on reading.
const KEY = /^[A-Za-z][A-Za-z0-9.-]{0,59}$/;

/** A flat object of settings: keys like `shortcode`, values text (numbers and booleans allowed when public). */
const settings = (label: string, secret: boolean) =>
  yup
    .mixed<Record<string, unknown>>()
    .test(
      'settings',
      `${label} must be an object of ${secret ? 'text' : 'text, number or true/false'} values with names such as consumerKey`,
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
              : !secret && (typeof val === 'number' || typeof val === 'boolean')),
        );
      },
    );

const base = {
  name: yup.string().trim().min(1, 'Name is required').max(60, 'Name must be at most 60 characters'),
  provider: oneOf(GATEWAY_PROVIDERS, 'Provider'),
  mode: oneOf(GATEWAY_MODES, 'Mode'),
  enabled: yup.boolean(),
  publicSettings: settings('Public settings', false),
  secretSettings: settings('Secret settings', true),
};

export const paymentGateways = defineResource(paymentGatewaysManifest, {
  table: 'paymentGateways',
  description:
    'Payment providers for card and wallet fares. `secretSettings` is write-only: answers show each value masked (•••• and its last 4 characters); an update that sends a masked value back unchanged keeps the stored secret, any other value replaces it, and a key left out is removed.',
  create: yup.object({
    ...base,
    name: base.name.required('Name is required'),
    provider: base.provider.required('Provider is required'),
    mode: base.mode.default('test'),
    enabled: base.enabled.default(false),
    publicSettings: base.publicSettings.default({}),
    secretSettings: base.secretSettings.default({}),
  }),
  update: yup.object(base),
  delete: true,
  toColumns(input) {
    const columns = { ...input };
    for (const f of ['publicSettings', 'secretSettings'] as const)
      if (f in columns && columns[f] === null) columns[f] = {};
    return columns;
  },
});
