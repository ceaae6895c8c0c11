import * as yup from 'yup';
import { refusal } from './messageCodes';

/** How long a bulk run can be undone by default (the server's BULK_UNDO_SECONDS); its texts wait that long. */
export const UNDO_SECONDS = 10;

/** At most this many records in one bulk run (a few pages of a list). */
export const BULK_MAX = 200;

/** The bulk run's own fields; the action's body (e.g. an assignee) comes beside them. */
export const bulkSchema = yup.object({
  ids: yup
    .array(
      yup
        .number()
        .typeError(refusal('number', { label: 'Each id' }))
        .integer(refusal('wholeNumber', { label: 'Each id' }))
        .min(1, 'Each id must be positive')
        .max(2147483647, 'Each id must be positive')
        .required(),
    )
    .typeError('Ids must be a list of record ids')
    .min(1, 'Select at least one record')
    .max(BULK_MAX, `Select at most ${BULK_MAX} records`)
    .test('unique', 'Each record may be selected once', (ids) => !ids || new Set(ids).size === ids.length)
    .required('Select at least one record'),
  reason: yup
    .string()
    .trim()
    .min(3, refusal('giveAReason'))
    .max(500, refusal('maxChars', { label: 'Reason', max: '500' }))
    .required(refusal('giveAReason')),
});

/** One record's outcome in a bulk run. */
export interface BulkOutcome {
  id: number;
  /** done, or refused with the reason (the single action's refusal message). */
  status: 'done' | 'refused';
  message: string;
  /** Done: the audit entry it wrote (an undo names these in `undoOf`). */
  auditId?: number;
}

export interface BulkAnswer {
  outcomes: BulkOutcome[];
  /** The action that reverses this one, for the records done; absent when it cannot be undone. */
  undo?: string;
  /** With `undo`: the seconds left to undo it; its texts go out when they are up, unless undone. */
  undoSeconds?: number;
}

/** The audit entries an undo reverses: those of the records done. */
export const doneAuditIds = (outcomes: readonly BulkOutcome[]): number[] =>
  outcomes.flatMap((o) => (o.status === 'done' && o.auditId !== undefined ? [o.auditId] : []));

/** "4 done, 1 refused" (the panel words it per action). */
export function bulkCounts(outcomes: readonly BulkOutcome[]): { done: number; refused: number } {
  const done = outcomes.filter((o) => o.status === 'done').length;
  return { done, refused: outcomes.length - done };
}

/** The ids an undo runs on: those the action was done to, in order. */
export const doneIds = (outcomes: readonly BulkOutcome[]): number[] =>
  outcomes.filter((o) => o.status === 'done').map((o) => o.id);

/** How many selected records a bulk dialog names before "and N more". */
export const NAMES_SHOWN = 5;

/**
 * The names a bulk dialog lists: all of them up to `cap`, else the first `cap` and how many more
 * ("and 1 more" is never said: the one name fits in its place).
 */
export function listedNames(names: readonly string[], cap = NAMES_SHOWN): { shown: string[]; more: number } {
  if (names.length <= cap + 1) return { shown: [...names], more: 0 };
  return { shown: names.slice(0, cap), more: names.length - cap };
}
