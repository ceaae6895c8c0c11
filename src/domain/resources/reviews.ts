import * as yup from 'yup';
import { defineManifest } from './manifest';
import { REVIEW_DIRECTIONS } from '../enums';
import { id, oneOf, text } from '../fieldRules';
import { refusal } from '../messageCodes';

export const reviews = defineManifest({
  name: 'reviews',
  service: 'trip',
  subject: 'Trip',
  path: 'reviews',
  fields: {
    tripId: { type: 'int', filter: true, sort: true, reference: 'trips' },
    direction: { type: 'text', filter: true, enum: REVIEW_DIRECTIONS, enumLabels: 'app.enums.reviewDirection' },
    driverId: { type: 'int', filter: true, sort: true, reference: 'drivers' },
    passengerId: { type: 'int', filter: true, sort: true, reference: 'passengers' },
    rating: { type: 'int', filter: true, sort: true },
    comment: { type: 'text' },
    createdAt: { type: 'timestamp', filter: true, sort: true },
  },
  search: ['comment'],
  searchIds: ['id', 'tripId'],
  defaultSort: ['createdAt', 'DESC'],
  label: {
    fields: ['rating', 'tripId'],
    format: ({ rating, tripId }) => (typeof rating === 'number' ? `${rating}/5 · trip #${String(tripId)}` : undefined),
  },
  menu: { none: "the driver's and the passenger's pages" },
  /** Staff add a review given by phone; reviews are not edited. */
  create: yup.object({
    tripId: id('trip').required(refusal('chooseThe', { label: 'trip' })),
    direction: oneOf(REVIEW_DIRECTIONS, 'Direction').required(refusal('whoRates')),
    rating: yup
      .number()
      .typeError(refusal('number', { label: 'Rating' }))
      .required(refusal('required', { label: 'Rating' }))
      .integer(refusal('wholeNumber', { label: 'Rating' }))
      .min(1, refusal('ratingRange'))
      .max(5, refusal('ratingRange')),
    comment: text('Comment', 1000, true).nullable().default(null),
  }),
});
