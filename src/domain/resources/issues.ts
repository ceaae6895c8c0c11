import { defineManifest, enumWords } from './manifest';
import { ISSUE_PRIORITIES, ISSUE_STATUSES, REPORTER_KINDS } from '../enums';
import { ISSUE_CATEGORIES } from '../trip';

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
});
