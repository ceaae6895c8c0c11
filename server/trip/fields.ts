import * as yup from 'yup';
import { refusal } from '../../src/domain/messageCodes.js';
export { id, percent, text } from '../../src/domain/fieldRules.js';

export const latitude = () =>
  yup
    .number()
    .typeError(refusal('number', { label: 'Latitude' }))
    .min(-90, refusal('between', { label: 'Latitude', min: '-90', max: '90' }))
    .max(90, refusal('between', { label: 'Latitude', min: '-90', max: '90' }));
export const longitude = () =>
  yup
    .number()
    .typeError(refusal('number', { label: 'Longitude' }))
    .min(-180, refusal('between', { label: 'Longitude', min: '-180', max: '180' }))
    .max(180, refusal('between', { label: 'Longitude', min: '-180', max: '180' }));

/** An instant; accepts ISO strings. */
export const instant = (label: string) => yup.date().typeError(refusal('dateTime', { label }));
