import * as yup from 'yup';
import { defineManifest } from './manifest';
import { REVIEW_DIRECTIONS } from '../enums';
import { id, oneOf, text } from '../fieldRules';

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
    tripId: id('trip').required('Choose the trip'),
    direction: oneOf(REVIEW_DIRECTIONS, 'Direction').required('Say who rates whom'),
    rating: yup
      .number()
      .typeError('Rating must be a number')
      .required('Rating is required')
      .integer('Rating must be a whole number')
      .min(1, 'Rating must be 1 to 5')
      .max(5, 'Rating must be 1 to 5'),
    comment: text('Comment', 1000, true).nullable().default(null),
  }),
});
