import * as yup from 'yup';
import { defineManifest, enumWords } from './manifest';
import { ISSUE_PRIORITIES, ISSUE_STATUSES, REPORTER_KINDS } from '../enums';
import { id, MULTILINE, oneOf, text } from '../fieldRules';
import { ISSUE_CATEGORIES } from '../trip';

/** What a write may set; the update takes any of them. */
const writable = {
  category: oneOf(ISSUE_CATEGORIES, 'Category'),
  priority: oneOf(ISSUE_PRIORITIES, 'Priority'),
  status: oneOf(ISSUE_STATUSES, 'Status'),
  assigneeId: id('staff member').nullable(),
  description: yup
    .string()
    .trim()
    .min(5, 'Describe the issue in at least 5 characters')
    .max(4000, 'Description must be at most 4000 characters')
    .meta(MULTILINE),
  resolutionNote: text('Resolution note', 4000, true).nullable(),
};

export const issues = defineManifest({
  name: 'issues',
  service: 'trip',
  subject: 'Issue',
  path: 'issues',
  fields: {
    tripId: { type: 'int', filter: true, sort: true },
    reporterKind: { type: 'text', filter: true, enum: REPORTER_KINDS },
    reporterId: { type: 'int', filter: true },
    category: { type: 'text', filter: true, sort: true, enum: ISSUE_CATEGORIES },
    priority: { type: 'text', filter: true, sort: true, enum: ISSUE_PRIORITIES },
    status: { type: 'text', filter: true, sort: true, enum: ISSUE_STATUSES },
    assigneeId: { type: 'int', filter: true, sort: true },
    description: { type: 'text' },
    resolutionNote: { type: 'text' },
    resolvedAt: { type: 'timestamp', sort: true, filter: true },
    createdAt: { type: 'timestamp', sort: true, filter: true },
    updatedAt: { type: 'timestamp', sort: true },
  },
  search: ['description'],
  searchIds: ['id', 'tripId'],
  defaultSort: ['createdAt', 'DESC'],
  label: {
    fields: ['category', 'tripId'],
    format: ({ category, tripId }) =>
      typeof category === 'string' ? `${enumWords(category)} · trip #${String(tripId)}` : undefined,
  },
  create: yup.object({
    ...writable,
    tripId: id('trip').required('Choose the trip'),
    reporterKind: oneOf(REPORTER_KINDS, 'Reporter').required('Say who reports it'),
    category: writable.category.required('Category is required'),
    priority: writable.priority.default('medium'),
    status: writable.status.default('open'),
    assigneeId: writable.assigneeId.default(null),
    description: writable.description.required('Description is required'),
    resolutionNote: writable.resolutionNote.default(null),
  }),
  update: yup.object(writable),
});
