import * as yup from 'yup';

/** Reusable yup pieces for write schemas, so resources read alike; the shared ones live in src/domain/fieldRules.ts. */
export { email, fileId, name, oneOf, phone } from '../../src/domain/fieldRules.js';
export const money = (label: string) =>
  yup.number().typeError(`${label} must be a number`).min(0, `${label} cannot be negative`).max(10_000_000);

/** Makes every field of a create schema optional for partial updates. */
export const partial = <T extends yup.AnyObject>(schema: yup.ObjectSchema<T>) => schema.partial();
