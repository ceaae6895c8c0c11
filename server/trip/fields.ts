import * as yup from 'yup';
export { id, text } from '../../src/domain/fieldRules.js';

/** yup pieces shared by the trip-service write schemas. */
export const percent = (label: string) =>
  yup
    .number()
    .typeError(`${label} must be a number`)
    .min(0, `${label} cannot be negative`)
    .max(100, `${label} must be at most 100`);

export const latitude = () =>
  yup
    .number()
    .typeError('Latitude must be a number')
    .min(-90, 'Latitude must be between -90 and 90')
    .max(90, 'Latitude must be between -90 and 90');
export const longitude = () =>
  yup
    .number()
    .typeError('Longitude must be a number')
    .min(-180, 'Longitude must be between -180 and 180')
    .max(180, 'Longitude must be between -180 and 180');

/** An instant; accepts ISO strings. */
export const instant = (label: string) => yup.date().typeError(`${label} must be a date and time`);
