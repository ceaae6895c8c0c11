import { sql } from 'kysely';
import { defineResource } from '../../rest/declaration.js';
import { paymentGateways as paymentGatewaysManifest } from '../../../src/domain/resources/paymentGateways.js';
import { GATEWAY_REQUIREMENTS } from '../../../src/domain/gateways.js';

const textArray = (keys: readonly string[]) =>
  keys.length ? sql`array[${sql.join(keys.map((k) => sql.lit(k)))}]::text[]` : sql`array[]::text[]`;

/**
 * The provider's required keys that hold no value: public ones by their text, secret ones by key
 * presence only (`?`: a write never stores an empty secret, see toColumns), so no secret value is
 * ever read.
 */
const missingSql = sql`(case payment_gateways.provider ${sql.join(
  Object.entries(GATEWAY_REQUIREMENTS).map(
    ([provider, needs]) =>
      sql`when ${sql.lit(provider)} then array(
        select k from unnest(${textArray(needs.public)}) k where coalesce(payment_gateways.public_settings ->> k, '') = ''
        union all
        select k from unnest(${textArray(needs.secret)}) k where not (payment_gateways.secret_settings ? k))`,
  ),
  sql` `,
)} else array[]::text[] end)`;

export const paymentGateways = defineResource(paymentGatewaysManifest, {
  table: 'paymentGateways',
  description:
    'Payment providers for card and wallet fares. `secretSettings` is write-only: answers, exports and the audit log show each value masked (•••• and its last 4 characters; •••• alone for a value under 12 characters). An update changes only the secret keys it sends: a new value replaces the stored one, the masked value sent back unchanged keeps it, null clears it, and a key left out is kept. `missingSettings` lists the provider’s required keys without a value and `configured` says whether there are none.',
  computed: {
    missingSettings: { type: 'text[]', sql: missingSql },
    configured: { type: 'bool', sql: sql`(cardinality(${missingSql}) = 0)`, filter: true },
  },
  delete: true,
  toColumns(input, { existing }) {
    const columns = { ...input };
    for (const f of ['publicSettings', 'secretSettings'] as const)
      if (f in columns && columns[f] === null) columns[f] = {};
    // Secrets change key by key: a key left out keeps its stored value, null (or empty text) clears it.
    if (columns.secretSettings) {
      const merged: Record<string, unknown> = existing
        ? { ...((existing.secretSettings as Record<string, unknown> | null) ?? {}) }
        : {};
      for (const [key, value] of Object.entries(columns.secretSettings as Record<string, unknown>)) {
        if (value === null || value === '') delete merged[key];
        else merged[key] = value;
      }
      columns.secretSettings = merged;
    }
    return columns;
  },
});
