import * as yup from 'yup';

/** Reusable yup pieces for write schemas, so resources read alike; the shared ones live in src/domain/fieldRules.ts. */
export { email, fileId, money, name, oneOf, phone } from '../../src/domain/fieldRules.js';

/** Makes every field of a create schema optional for partial updates. */
export const partial = <T extends yup.AnyObject>(schema: yup.ObjectSchema<T>) => schema.partial();
