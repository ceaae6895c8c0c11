import * as yup from 'yup';
import { sql } from 'kysely';
import { defineResource } from '../../rest/declaration.js';
import { paymentGateways as paymentGatewaysManifest } from '../../../src/domain/resources/paymentGateways.js';
import { oneOf } from '../../rest/fields.js';
import { GATEWAY_MODES } from '../../../src/domain/enums.js';
import { GATEWAY_PROVIDERS } from '../../../src/domain/trip.js';
import { GATEWAY_REQUIREMENTS } from '../../../src/domain/gateways.js';

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

const base = {
  name: yup.string().trim().min(1, 'Name is required').max(60, 'Name must be at most 60 characters'),
  provider: oneOf(GATEWAY_PROVIDERS, 'Provider'),
  mode: oneOf(GATEWAY_MODES, 'Mode'),
  enabled: yup.boolean(),
  publicSettings: settings('Public settings', false),
  secretSettings: settings('Secret settings', true),
};

const textArray = (keys: readonly string[]) =>
  keys.length ? sql`array[${sql.join(keys.map((k) => sql.lit(k)))}]::text[]` : sql`array[]::text[]`;

/**
 * The provider's required keys that hold no value: public ones by their text, secret ones by key
 * presence only (`?`), so no secret value is ever read into an answer.
 */
const missingSql = sql`(case payment_gateways.provider ${sql.join(
  Object.entries(GATEWAY_REQUIREMENTS).map(
    ([provider, needs]) =>
      sql`when ${sql.lit(provider)} then array(
        select k from unnest(${textArray(needs.public)}) k where coalesce(payment_gateways.public_settings ->> k, '') = ''
        union all
        select k from unnest(${textArray(needs.secret)}) k where not (payment_gateways.secret_settings ? k) or payment_gateways.secret_settings ->> k = '')`,
  ),
  sql` `,
)} else array[]::text[] end)`;

export const paymentGateways = defineResource(paymentGatewaysManifest, {
  table: 'paymentGateways',
  description:
    'Payment providers for card and wallet fares. `secretSettings` is write-only: answers, exports and the audit log show each value masked (•••• and its last 4 characters). An update changes only the secret keys it sends: a new value replaces the stored one, the masked value sent back unchanged keeps it, null clears it, and a key left out is kept. `missingSettings` lists the provider’s required keys without a value and `configured` says whether there are none.',
  computed: {
    missingSettings: { type: 'text[]', sql: missingSql },
    configured: { type: 'bool', sql: sql`(cardinality(${missingSql}) = 0)`, filter: true },
  },
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
  toColumns(input, { existing }) {
    const columns = { ...input };
    for (const f of ['publicSettings', 'secretSettings'] as const)
      if (f in columns && columns[f] === null) columns[f] = {};
    // Secrets change key by key: a key left out keeps its stored value, null clears it.
    if (columns.secretSettings) {
      const merged: Record<string, unknown> = existing
        ? { ...((existing.secretSettings as Record<string, unknown> | null) ?? {}) }
        : {};
      for (const [key, value] of Object.entries(columns.secretSettings as Record<string, unknown>)) {
        if (value === null) delete merged[key];
        else merged[key] = value;
      }
      columns.secretSettings = merged;
    }
    return columns;
  },
});
