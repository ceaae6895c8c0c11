import * as yup from 'yup';
import { defineManifest, labelField, type Fields } from './manifest';
import { MONEY_MAX, fieldSchemas, type Rule } from './declare';
import { DISCOUNT_KINDS } from '../enums';
import { NAME_MAX } from '../fieldRules';
import { refusal } from '../messageCodes';

export const DISCOUNT_CODE_MESSAGE = refusal('codeFormat');
export const PERCENT_RANGE_MESSAGE = refusal('percentRange');

const LIMIT = { type: 'int', sort: true, nullable: true, min: 1, max: 10_000_000 } as const;
/** Money taken off: more than nothing, to the cent. */
const AMOUNT = { type: 'number', sort: true, decimals: 2, min: 0.01, max: MONEY_MAX } as const;

/** The fields with their rules: the table's checks, the services' and the forms' write rules, OpenAPI. */
const fields = {
  code: {
    type: 'text',
    sort: true,
    filter: true,
    required: true,
    unique: 'ci',
    maxLength: 30,
    pattern: '^[A-Za-z0-9_-]{3,30}$',
    patternMessage: DISCOUNT_CODE_MESSAGE,
  },
  name: { type: 'text', sort: true, required: true, maxLength: NAME_MAX },
  kind: {
    type: 'text',
    sort: true,
    filter: true,
    required: true,
    enum: DISCOUNT_KINDS,
    enumLabels: 'app.enums.discountKind',
  },
  value: { ...AMOUNT, required: true },
  maxDiscount: { ...AMOUNT, format: 'money', nullable: true },
  minFare: { type: 'number', format: 'money', sort: true, nullable: true },
  validFrom: { type: 'timestamp', sort: true, filter: true, nullable: true },
  validTo: { type: 'timestamp', sort: true, filter: true, nullable: true },
  usageLimit: LIMIT,
  perPassengerLimit: LIMIT,
  timesUsed: {
    type: 'int',
    sort: true,
    filter: true,
    readOnly: true,
    description: 'Completed trips that used the code (read-only)',
  },
  active: { type: 'bool', sort: true, filter: true, required: true, default: true },
  createdAt: { type: 'timestamp', sort: true },
  updatedAt: { type: 'timestamp', sort: true },
} as const satisfies Fields;

const moreThanNothing = (label: string) => (derived: Rule) =>
  (derived as yup.NumberSchema).moreThan(0, refusal('moreThan', { label, min: '0' }));

/**
 * The write rules, from the fields' rules, with what they cannot say: a code is stored upper-cased,
 * an amount must be more than 0, a percentage is 1 to 100 and a validity ends after it starts (the
 * service checks the same combinations on an update, against the stored record).
 */
const rules = fieldSchemas(
  fields,
  { maxDiscount: 'Maximum discount', perPassengerLimit: 'Per-passenger limit' },
  {
    code: (derived) => (derived as yup.StringSchema).uppercase(),
    value: (derived, create) => {
      const amount = moreThanNothing('Value')(derived);
      return create
        ? amount.when('kind', {
            is: 'percent',
            then: (s) => s.min(1, PERCENT_RANGE_MESSAGE).max(100, PERCENT_RANGE_MESSAGE),
          })
        : amount;
    },
    maxDiscount: moreThanNothing('Maximum discount'),
    validTo: (derived, create) =>
      create
        ? derived.test('after', refusal('validToAfter'), function (to) {
            const from = this.parent.validFrom as Date | null | undefined;
            return !to || !from || (to as Date) > from;
          })
        : derived,
  },
);

export const discounts = defineManifest({
  name: 'discounts',
  service: 'trip',
  subject: 'Discount',
  path: 'discounts',
  table: 'discounts',
  fields,
  search: ['code', 'name'],
  searchIds: ['id'],
  defaultSort: ['createdAt', 'DESC'],
  label: labelField('code'),
  menu: { id: 'discounts', icon: 'discounts' },
  create: rules.create,
  update: rules.update,
});
