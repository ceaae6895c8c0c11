import * as yup from 'yup';
import { defineManifest, enumWords } from './manifest';
import { ISSUE_PRIORITIES, ISSUE_STATUSES, REPORTER_KINDS } from '../enums';
import { id, MULTILINE, oneOf, text } from '../fieldRules';
import { ISSUE_CATEGORIES } from '../trip';
import { refusal } from '../messageCodes';

/** What a write may set; the update takes any of them. */
const writable = {
  category: oneOf(ISSUE_CATEGORIES, 'Category'),
  priority: oneOf(ISSUE_PRIORITIES, 'Priority'),
  status: oneOf(ISSUE_STATUSES, 'Status'),
  assigneeId: id('staff member').nullable(),
  description: yup
    .string()
    .trim()
    .min(5, refusal('describeIssue'))
    .max(4000, refusal('maxChars', { label: 'Description', max: '4000' }))
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
    reporterKind: { type: 'text', filter: true, enum: REPORTER_KINDS, enumLabels: 'app.enums.reporterKind' },
    reporterId: { type: 'int', filter: true },
    category: { type: 'text', filter: true, sort: true, enum: ISSUE_CATEGORIES, enumLabels: 'app.enums.issueCategory' },
    priority: { type: 'text', filter: true, sort: true, enum: ISSUE_PRIORITIES, enumLabels: 'app.enums.issuePriority' },
    status: { type: 'text', filter: true, sort: true, enum: ISSUE_STATUSES, enumLabels: 'app.enums.issueStatus' },
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
  menu: { id: 'issues', icon: 'issues' },
  create: yup.object({
    ...writable,
    tripId: id('trip').required(refusal('chooseThe', { label: 'trip' })),
    reporterKind: oneOf(REPORTER_KINDS, 'Reporter').required(refusal('whoReports')),
    category: writable.category.required(refusal('required', { label: 'Category' })),
    priority: writable.priority.default('medium'),
    status: writable.status.default('open'),
    assigneeId: writable.assigneeId.default(null),
    description: writable.description.required(refusal('required', { label: 'Description' })),
    resolutionNote: writable.resolutionNote.default(null),
  }),
  update: yup.object(writable),
});

/** The largest goodwill credit one resolution may grant (KES). */
export const MAX_GOODWILL_CREDIT = 5000;

/** The issue actions' bodies (POST issues/:id/<action>); the panel's dialogs validate with the same schemas. */
export const issueActions = {
  /** assign: to a staff member who may handle issues, or nobody (null). */
  assign: yup.object({
    assigneeId: yup
      .number()
      .typeError(refusal('chooseA', { label: 'staff member' }))
      .integer(refusal('chooseA', { label: 'staff member' }))
      .positive(refusal('chooseA', { label: 'staff member' }))
      .nullable()
      .defined(refusal('chooseA', { label: 'staff member or nobody' })),
  }),
  priority: yup.object({
    priority: oneOf(ISSUE_PRIORITIES, 'Priority').required(refusal('chooseA', { label: 'priority' })),
  }),
  /**
   * resolve: the note says how; an optional goodwill credit to the trip's driver and an optional
   * refund to the trip's passenger (at most the trip's fare, less what was refunded on it before:
   * the server checks that against the trip).
   */
  resolve: yup.object({
    resolutionNote: text('Resolution note', 4000, true).required(refusal('howResolved')),
    creditAmount: yup
      .number()
      .transform((value: unknown, original: unknown) => (original === '' ? null : value))
      .typeError(refusal('number', { label: 'Credit' }))
      .moreThan(0, refusal('moreThan', { label: 'Credit', min: '0' }))
      .max(MAX_GOODWILL_CREDIT, refusal('atMost', { label: 'Credit', max: MAX_GOODWILL_CREDIT.toLocaleString('en') }))
      .nullable()
      .default(null),
    refundAmount: yup
      .number()
      .transform((value: unknown, original: unknown) => (original === '' ? null : value))
      .typeError(refusal('number', { label: 'Refund' }))
      .moreThan(0, refusal('moreThan', { label: 'Refund', min: '0' }))
      .test(
        'cents',
        refusal('decimals', { label: 'Refund' }),
        (v) => v === null || v === undefined || Math.abs(Math.round(v * 100) - v * 100) < 1e-6,
      )
      .nullable()
      .default(null),
  }),
  reopen: yup.object({ reason: text('Reason', 1000, true).required(refusal('whyReopened')) }),
  note: yup.object({ text: text('Note', 4000, true).required(refusal('writeNote')) }),
};
