import * as yup from 'yup';
export { id, percent, text } from '../../src/domain/fieldRules.js';

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
