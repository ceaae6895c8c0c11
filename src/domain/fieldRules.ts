import * as yup from 'yup';

/**
 * Write rules shared by the panel's forms and the services' write schemas, so that both sides
 * accept and refuse the same values with the same messages.
 */

/** Person and record names. */
export const NAME_MAX = 80;
export const requiredName = (label: string, max = NAME_MAX) =>
  yup
    .string()
    .trim()
    .required(`${label} is required`)
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/** Spaces, dashes and brackets people type between digits. */
const PHONE_SEPARATORS = /[\s()-]/g;
/** E.164: a plus, a country code that does not start with 0, and 8 to 15 digits in all. */
const E164 = /^\+[1-9]\d{7,14}$/;

/** The E.164 form of what someone typed (`+254 712 345 678` → `+254712345678`), or undefined. */
export function toE164(typed: string): string | undefined {
  const compact = typed.trim().replace(PHONE_SEPARATORS, '');
  return E164.test(compact) ? compact : undefined;
}

export const PHONE_MESSAGE = 'Enter a phone number with its country code, such as +254 712 345 678';

/** An optional phone number, stored in E.164. */
export const phone = () =>
  yup
    .string()
    .trim()
    .nullable()
    .transform((value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value))
    .test('e164', PHONE_MESSAGE, (value) => value == null || toE164(value) !== undefined)
    .transform((value: unknown) => (typeof value === 'string' ? (toE164(value) ?? value) : value));
