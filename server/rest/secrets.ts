/** Write-only values: answers show the last 4 characters, behind a fixed mask. */
const MASK = '••••';
/**
 * A shorter secret shows the mask alone: its last 4 characters would give away too much of it
 * (all of a 4-character one). csvSql.ts `maskedSql` writes the same in SQL.
 */
export const SECRET_TAIL_MIN_LENGTH = 12;

export function maskSecret(value: unknown): unknown {
  if (typeof value === 'string')
    return value.length ? (value.length < SECRET_TAIL_MIN_LENGTH ? MASK : `${MASK}${value.slice(-4)}`) : '';
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, maskSecret(v)]));
  }
  return value;
}

/**
 * An update that sends back the mask it was shown keeps the stored secret;
 * anything else replaces it. For objects this applies key by key.
 */
export function mergeSecret(input: unknown, stored: unknown): unknown {
  if (typeof input === 'string') return input === maskSecret(stored) ? stored : input;
  if (input && typeof input === 'object' && !Array.isArray(input)) {
    const old = (stored && typeof stored === 'object' ? stored : {}) as Record<string, unknown>;
    return Object.fromEntries(Object.entries(input).map(([k, v]) => [k, mergeSecret(v, old[k])]));
  }
  return input;
}
