import { validationMessages } from '../i18n/validation';
import { CITY } from './city';
import { intlLocaleOf } from './locales';

/**
 * The stable code of a message the write rules or the services give: the key of its template in
 * src/i18n/validation.ts and the values of its %{parameters}. The rules and services say a message
 * by its code (`refusal`), the English is rendered from the catalogue, and the services answer the
 * code beside it (server/errors.ts) so that the panel renders the key in the staff member's
 * language. Nothing is recovered from the English wording.
 */
export interface MessageCode {
  code: string;
  params: Record<string, string>;
}

type Catalogue = typeof validationMessages;
type Group = 'fixed' | 'templates' | 'notifications' | 'server';
export type RefusalCode =
  | keyof Catalogue['fixed']
  | keyof Catalogue['templates']
  | keyof Catalogue['notifications']
  | keyof Catalogue['server'];
export type RefusalParams = Record<string, string | number>;

export const GROUPS: readonly Group[] = ['fixed', 'templates', 'notifications', 'server'];

const groupOf = (code: string): Group | undefined =>
  GROUPS.find((group) => Object.prototype.hasOwnProperty.call(validationMessages[group], code));

/**
 * The messages said so far, by their text. Kept for good: those without parameters (there are as
 * many as the catalogue has) and those said before the services settled (the write rules, built
 * once at module load, with their labels). Said later with parameters (names, amounts, trip
 * numbers): the latest few thousand, enough for a message to be answered or shown right after it
 * is said.
 */
const FIXED_SAID = new Map<string, MessageCode>();
const SAID = new Map<string, MessageCode>();
const SAID_MAX = 5000;
let rulesSettled = false;

/** The services have built their rules: messages said from now on with parameters are run-time ones. */
export function settleRuleMessages(): void {
  rulesSettled = true;
}

function remember(text: string, said: MessageCode): void {
  if (!rulesSettled || Object.keys(said.params).length === 0) {
    FIXED_SAID.set(text, said);
    return;
  }
  SAID.delete(text);
  SAID.set(text, said);
  if (SAID.size > SAID_MAX) SAID.delete(SAID.keys().next().value as string);
}

/**
 * Parameters that are amounts of money: the code carries the amount ("500"), each language writes
 * it in its own format (English "KES 500.00", French "500,00 KES").
 */
export const MONEY_PARAMS: ReadonlySet<string> = new Set(['fare', 'left', 'refunded']);

const englishMoney = new Intl.NumberFormat('en-KE', {
  style: 'currency',
  currency: CITY.currency,
  currencyDisplay: 'code',
});

/** A parameter that is a calendar day (YYYY-MM-DD): each language writes it as its screens do. */
export const isDayParam = (value: string | number): value is string =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);

const englishDayFormat = new Intl.DateTimeFormat(intlLocaleOf('en'), { dateStyle: 'medium', timeZone: 'UTC' });

/** A calendar day as the English screens write it: "30 Nov 2026". */
export const englishDay = (day: string): string => englishDayFormat.format(new Date(`${day}T12:00:00Z`));

/** The English of a parameter: "KES 1,020.70" for money (a plain space, for messages), "31 Dec 2099" for a day, else as given. */
const englishParam = (name: string, value: string | number) =>
  MONEY_PARAMS.has(name)
    ? englishMoney.format(Number(value)).replace(/\s/g, ' ')
    : isDayParam(value)
      ? englishDay(value)
      : String(value);

/** The English of a code with its parameters, from the catalogue. */
export function renderEnglish(code: RefusalCode, params: RefusalParams = {}): string {
  const group = groupOf(code);
  if (!group) throw new Error(`No message has the code ${code}`);
  const template = (validationMessages[group] as Record<string, string>)[code];
  return template.replace(/%\{(\w+)\}/g, (whole, name: string) =>
    name in params ? englishParam(name, params[name]) : whole,
  );
}

/**
 * A message of the write rules or the services, said by its code: its English text (what yup, the
 * forms and the error answers carry), remembered with its code and parameters for `codeOf`.
 */
export function refusal(code: RefusalCode, params: RefusalParams = {}): string {
  const text = renderEnglish(code, params);
  remember(text, { code, params: Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])) });
  return text;
}

/** The code and parameters a message was said with, or undefined for one not said by `refusal`. */
export function codeOf(text: string): MessageCode | undefined {
  return FIXED_SAID.get(text) ?? SAID.get(text);
}

/** The catalogue key of a code: `app.validation.<group>.<code>`. */
export function messageKey(code: string): string | undefined {
  const group = groupOf(code);
  return group && `app.validation.${group}.${code}`;
}

/** "vehicle type" → "vehicleType", "Per-passenger limit" → "perPassengerLimit": a label's key. */
export const labelKey = (label: string): string =>
  label
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .map((word, i) => (i === 0 ? word : word[0].toUpperCase() + word.slice(1)))
    .join('');
