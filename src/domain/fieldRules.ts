import * as yup from 'yup';
import { CITY } from './city';
import { refusal } from './messageCodes';

/**
 * Write rules shared by the panel's forms and the services' write schemas, so that both sides
 * accept and refuse the same values with the same messages.
 */

/** Person and record names. */
export const NAME_MAX = 80;
/** A name that may be left out (a partial update) but never blanked. */
export const name = (label: string, max = NAME_MAX) =>
  yup.string().trim().min(1, refusal('required', { label })).max(max, refusal('maxChars', { label, max }));
export const requiredName = (label: string, max = NAME_MAX) =>
  name(label, max).required(refusal('required', { label }));

/** Marks a text field as multi-line: tabs and line breaks are then allowed in it (see textProblem). */
export const MULTILINE = { multiline: true } as const;

/** Text up to `max` characters; `multiline` allows line breaks and tabs (notes, descriptions). */
export const text = (label: string, max: number, multiline = false) => {
  const schema = yup.string().trim().max(max, refusal('maxChars', { label, max }));
  return multiline ? schema.meta(MULTILINE) : schema;
};

export const email = () => yup.string().trim().lowercase().email(refusal('invalidEmail')).max(254);
export const oneOf = <T extends string>(values: readonly T[], label: string) =>
  yup.string().oneOf([...values], refusal('oneOf', { label, values: values.join(', ') }));
/** Another record, by its id: `Choose a <label>` when it is not a positive whole number. */
/** The largest id a record can have (PostgreSQL integer). */
export const MAX_ID = 2_147_483_647;

export const id = (label: string) =>
  yup
    .number()
    .typeError(refusal('chooseA', { label }))
    .integer(refusal('chooseA', { label }))
    .positive(refusal('chooseA', { label }))
    .max(MAX_ID, refusal('chooseA', { label }));

/** An uploaded file (POST files), by id. */
export const fileId = () => yup.number().integer().positive().nullable();

/** Spaces, dashes and brackets people type between digits. */
const PHONE_SEPARATORS = /[\s()-]/g;
/** E.164: a plus, a country code that does not start with 0, and 8 to 15 digits in all. */
const E164 = /^\+[1-9]\d{7,14}$/;

/**
 * libphonenumber-js (its small metadata, ~26 kB br) reads national numbers. It is loaded on first
 * need, not with this module: the resource manifests build their phone rules on load, and /login
 * must not fetch code it does not draw. The services load it before they answer (buildApp); the
 * panel starts loading it when its layout opens after sign-in, and the phone rule waits for it.
 */
let parseNational: typeof import('libphonenumber-js/min').parsePhoneNumberFromString | undefined;
let loadingPhoneRules: Promise<void> | undefined;
export function loadPhoneRules(): Promise<void> {
  loadingPhoneRules ??= import('libphonenumber-js/min').then((m) => {
    parseNational = m.parsePhoneNumberFromString;
  });
  return loadingPhoneRules;
}
export const phoneRulesLoaded = () => parseNational !== undefined;

/**
 * The E.164 form of what someone typed, or undefined: `+254 712 345 678` → `+254712345678`, and a
 * number in the company's national format (`0712 555 019`) → `+254712555019`. A national number
 * must be a valid one of the company's country (libphonenumber-js, its small metadata); a number
 * with its country code only needs E.164's shape, as before. Until the phone rules are loaded
 * (loadPhoneRules) a national number is undefined, and asking starts the loading.
 */
export function toE164(typed: string): string | undefined {
  const compact = typed.trim().replace(PHONE_SEPARATORS, '');
  if (E164.test(compact)) return compact;
  if (!/^0\d+$/.test(compact)) return undefined;
  if (!parseNational) {
    void loadPhoneRules();
    return undefined;
  }
  const national = parseNational(compact, CITY.countryCode);
  return national?.isValid() && E164.test(national.number) ? national.number : undefined;
}

export const PHONE_MESSAGE = refusal('phone');

/** A short service number dialled as is (999, 112, 1199, 116): 3 to 6 digits, no country code. */
const SHORT_CODE = /^\d{3,6}$/;

export const SHORT_CODE_PHONE_MESSAGE = refusal('shortCodePhone');

/**
 * `+254 712 345 678` → `+254712345678`; with `shortCodes`, `999` → `999` as well. Undefined when
 * the value is neither (letters, no country code, wrong length).
 */
export function toPhone(typed: string, shortCodes = false): string | undefined {
  const full = toE164(typed);
  if (full !== undefined || !shortCodes) return full;
  const compact = typed.trim().replace(PHONE_SEPARATORS, '');
  return SHORT_CODE.test(compact) ? compact : undefined;
}

/**
 * An optional phone number, stored in E.164. `shortCodes: true` also takes emergency short codes
 * (999, 112…), stored as their digits; letters are refused either way.
 */
export const phone = ({ shortCodes = false }: { shortCodes?: boolean } = {}) => {
  const message = shortCodes ? SHORT_CODE_PHONE_MESSAGE : PHONE_MESSAGE;
  return yup
    .string()
    .trim()
    .nullable()
    .transform((value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value))
    .test('phone', message, function (value) {
      if (value == null) return true;
      if (phoneRulesLoaded()) return toPhone(value, shortCodes) !== undefined;
      // Not loaded yet: wait for the rules, then judge what was typed (the services store its E.164 form).
      const typed = typeof this.originalValue === 'string' ? this.originalValue : value;
      return loadPhoneRules().then(() => toPhone(typed, shortCodes) !== undefined);
    })
    .transform((value: unknown) => (typeof value === 'string' ? (toPhone(value, shortCodes) ?? value) : value));
};

/* eslint-disable no-control-regex -- these patterns exist to find control characters */
/** Control characters that no text may hold (NUL among them): everything but tab, newline and return. */
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
/** Tab and line breaks: allowed only in multi-line text such as notes and descriptions. */
const TAB_OR_LINE_BREAK = /[\t\n\r]/;
/* eslint-enable no-control-regex */

/** `firstName` → `First name`, for messages about a field that has no label of its own. */
export function fieldLabel(path: string): string {
  const leaf =
    path
      .replace(/\[\d+\]/g, '')
      .split('.')
      .pop() ?? path;
  const words = leaf
    .replace(/Id$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * What is wrong with a value given for a text field, or undefined when it is acceptable text.
 * A non-string is refused (an object such as `{"$ne":1}` must never reach a query), and so are
 * control characters, which PostgreSQL refuses (NUL) or which corrupt exports and logs.
 */
export function textProblem(value: unknown, label: string, multiline = false): string | undefined {
  if (typeof value !== 'string') return refusal('text', { label });
  if (CONTROL.test(value)) return refusal('control', { label });
  if (!multiline && TAB_OR_LINE_BREAK.test(value)) return refusal('singleLine', { label });
  return undefined;
}

/** Does any string inside this JSON value hold a control character other than tab and line breaks? */
export function holdsControlCharacters(value: unknown): boolean {
  if (typeof value === 'string') return CONTROL.test(value);
  if (Array.isArray(value)) return value.some(holdsControlCharacters);
  if (value && typeof value === 'object') return Object.values(value).some(holdsControlCharacters);
  return false;
}

/**
 * The fields of a JSON body whose text holds a control character, each with its message (keyed
 * like yup's paths: `email`, `documents[0].number`), or undefined when there are none.
 */
export function controlCharacterFields(body: unknown): Record<string, string> | undefined {
  const errors: Record<string, string> = {};
  const walk = (value: unknown, path: string): void => {
    if (typeof value === 'string') {
      if (CONTROL.test(value)) errors[path || 'body'] ??= refusal('control', { label: fieldLabel(path || 'body') });
    } else if (Array.isArray(value)) value.forEach((item, i) => walk(item, `${path}[${i}]`));
    else if (value && typeof value === 'object')
      for (const [key, item] of Object.entries(value)) walk(item, path ? `${path}.${key}` : key);
  };
  walk(body, '');
  return Object.keys(errors).length ? errors : undefined;
}

/** An amount in the city's currency: a number, never negative. */
export const money = (label: string) =>
  yup
    .number()
    .typeError(refusal('number', { label }))
    .min(0, refusal('notNegative', { label }))
    .max(10_000_000, refusal('atMost', { label, max: '10,000,000' }));

/** A percentage from 0 to 100. */
export const percent = (label: string) =>
  yup
    .number()
    .typeError(refusal('number', { label }))
    .min(0, refusal('notNegative', { label }))
    .max(100, refusal('atMost', { label, max: '100' }));

/** The calendar days any date field accepts: 1900-01-01 to 2099-12-31 (a licence expiring in 1850 is a typo). */
export const FIRST_DAY = '1900-01-01';
export const LAST_DAY = '2099-12-31';

/** Is `value` a real calendar day written YYYY-MM-DD (no 2027-02-30)? */
export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const at = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === value;
}

/** An optional calendar day (YYYY-MM-DD, an empty value is none), within FIRST_DAY … LAST_DAY. */
export const calendarDay = (label: string) =>
  yup
    .string()
    .transform((value: unknown) => (value === '' ? null : value))
    .nullable()
    .test('day', refusal('day', { label }), (value) => value == null || isCalendarDay(value))
    .test(
      'bounds',
      refusal('between', { label, min: FIRST_DAY, max: LAST_DAY }),
      (value) => value == null || !isCalendarDay(value) || (value >= FIRST_DAY && value <= LAST_DAY),
    );

/** A date and time within the same days as calendarDay (FIRST_DAY 00:00 … LAST_DAY 23:59, UTC). */
export const boundedInstant = (label: string) =>
  yup
    .date()
    .typeError(refusal('dateTime', { label }))
    .min(new Date(`${FIRST_DAY}T00:00:00Z`), refusal('between', { label, min: FIRST_DAY, max: LAST_DAY }))
    .max(new Date(`${LAST_DAY}T23:59:59.999Z`), refusal('between', { label, min: FIRST_DAY, max: LAST_DAY }));
