import * as yup from 'yup';

/** Reusable yup pieces for write schemas, so resources read alike. */
export const name = (label: string) =>
  yup.string().trim().min(1, `${label} is required`).max(80, `${label} must be at most 80 characters`);
export const email = () => yup.string().trim().lowercase().email('Invalid email').max(254);
export const phone = () =>
  yup
    .string()
    .trim()
    .matches(/^\+?[0-9 ()-]{7,20}$/, 'Enter a phone number such as +254 712 345 678');
export const oneOf = <T extends string>(values: readonly T[], label: string) =>
  yup.string().oneOf([...values], `${label} must be one of: ${values.join(', ')}`);
export const fileId = () => yup.number().integer().positive().nullable();
export const money = (label: string) =>
  yup.number().typeError(`${label} must be a number`).min(0, `${label} cannot be negative`).max(10_000_000);

/** Makes every field of a create schema optional for partial updates. */
export const partial = <T extends yup.AnyObject>(schema: yup.ObjectSchema<T>) => schema.partial();
