import { defineManifest } from './manifest';
import { REVIEW_DIRECTIONS } from '../enums';

export const reviews = defineManifest({
  name: 'reviews',
  service: 'trip',
  subject: 'Trip',
  path: 'reviews',
  fields: {
    tripId: { type: 'int', filter: true, sort: true },
    direction: { type: 'text', filter: true, enum: REVIEW_DIRECTIONS },
    driverId: { type: 'int', filter: true, sort: true },
    passengerId: { type: 'int', filter: true, sort: true },
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
});
