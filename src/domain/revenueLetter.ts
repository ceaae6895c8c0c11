import { refusal } from './messageCodes';
/**
 * The period of a driver's revenue request letter: whole calendar months, `fromMonth` to
 * `toMonth` (YYYY-MM, both inclusive), at most 12, none after the current month. The current
 * month counts up to today. Shared by the panel's form and the server.
 */

export const LETTER_MAX_MONTHS = 12;

export interface LetterPeriod {
  /** First day of the first month, YYYY-MM-DD. */
  fromMonth: string;
  /** First day of the last month, YYYY-MM-DD. */
  toMonth: string;
  /** First day covered (= fromMonth). */
  fromDay: string;
  /** Last day covered: the last month's last day, or today for the current month. */
  toDay: string;
  /** First day of the month after the last. */
  nextMonth: string;
  months: number;
}

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
const first = (y: number, m: number) => new Date(Date.UTC(y, m - 1, 1)).toISOString().slice(0, 10);

/** Reads a letter's months against today (the city's local day); errors by field. */
export function letterPeriodOf(
  fromMonth: unknown,
  toMonth: unknown,
  today: string,
): { period: LetterPeriod } | { errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const parts = (value: unknown, key: string) => {
    const m = typeof value === 'string' ? MONTH.exec(value) : null;
    if (!m) errors[key] = refusal('chooseA', { label: 'month, like 2026-03' });
    return m ? ([Number(m[1]), Number(m[2])] as const) : undefined;
  };
  const a = parts(fromMonth, 'fromMonth');
  const b = parts(toMonth, 'toMonth');
  if (!a || !b) return { errors };
  const thisMonth = today.slice(0, 7);
  const count = (b[0] - a[0]) * 12 + (b[1] - a[1]) + 1;
  if ((toMonth as string) > thisMonth) errors.toMonth = refusal('periodEndsAfterThisMonth');
  else if (count < 1) errors.toMonth = refusal('lastMonthBeforeFirst');
  else if (count > LETTER_MAX_MONTHS) errors.toMonth = refusal('periodAtMost', { max: LETTER_MAX_MONTHS });
  if (Object.keys(errors).length) return { errors };
  const nextMonth = first(b[0], b[1] + 1);
  const lastDay = new Date(Date.parse(`${nextMonth}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  return {
    period: {
      fromMonth: first(a[0], a[1]),
      toMonth: first(b[0], b[1]),
      fromDay: first(a[0], a[1]),
      toDay: lastDay < today ? lastDay : today,
      nextMonth,
      months: count,
    },
  };
}

/** A month's figures on a letter (the server computes them once; the PDF and the page show them). */
export interface LetterFigures {
  trips: number;
  grossFares: number;
  cancellationFees: number;
  commission: number;
  netEarnings: number;
}

/**
 * The letter's figure columns, in order, for both the PDF and the page: net earnings are the fares
 * plus the cancellation fees less the commission, so every column that adds up to them is shown.
 */
export const LETTER_COLUMNS: readonly { key: keyof LetterFigures; header: string; kind: 'count' | 'money' }[] = [
  { key: 'trips', header: 'Trips completed', kind: 'count' },
  { key: 'grossFares', header: 'Fares', kind: 'money' },
  { key: 'cancellationFees', header: 'Cancellation fees', kind: 'money' },
  { key: 'commission', header: 'Commission', kind: 'money' },
  { key: 'netEarnings', header: 'Net earnings', kind: 'money' },
];
