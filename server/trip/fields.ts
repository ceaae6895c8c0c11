import * as yup from 'yup';
import { MULTILINE } from '../rest/inputScreen.js';

/** yup pieces shared by the trip-service write schemas. */
export const percent = (label: string) =>
  yup
    .number()
    .typeError(`${label} must be a number`)
    .min(0, `${label} cannot be negative`)
    .max(100, `${label} must be at most 100`);

/** Text up to `max` characters; `multiline` allows line breaks and tabs (notes, descriptions). */
export const text = (label: string, max: number, multiline = false) => {
  const schema = yup.string().trim().max(max, `${label} must be at most ${max} characters`);
  return multiline ? schema.meta(MULTILINE) : schema;
};

export const id = (label: string) =>
  yup.number().typeError(`Choose a ${label}`).integer(`Choose a ${label}`).positive(`Choose a ${label}`);

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
