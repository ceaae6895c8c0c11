import * as yup from 'yup';
import { defineManifest, labelField } from './manifest';
import { DISCOUNT_KINDS } from '../enums';
import { boundedInstant, money, name, oneOf, requiredName } from '../fieldRules';
import { refusal } from '../messageCodes';

const count = (label: string) =>
  yup
    .number()
    .typeError(refusal('number', { label }))
    .integer(refusal('wholeNumber', { label }))
    .min(1, refusal('atLeast', { label, min: '1' }))
    .max(10_000_000, refusal('atMost', { label, max: '10,000,000' }));

export const DISCOUNT_CODE_MESSAGE = refusal('codeFormat');
export const PERCENT_RANGE_MESSAGE = refusal('percentRange');

/** What a write may set; codes are stored upper-cased. The update takes any of them; the service checks the combination. */
const writable = {
  code: yup
    .string()
    .trim()
    .uppercase()
    .matches(/^[A-Za-z0-9_-]{3,30}$/, DISCOUNT_CODE_MESSAGE),
  name: name('Name'),
  kind: oneOf(DISCOUNT_KINDS, 'Kind'),
  value: money('Value').moreThan(0, refusal('moreThan', { label: 'Value', min: '0' })),
  maxDiscount: money('Maximum discount')
    .moreThan(0, refusal('moreThan', { label: 'Maximum discount', min: '0' }))
    .nullable(),
  minFare: money('Minimum fare').nullable(),
  validFrom: boundedInstant('Valid from').nullable(),
  validTo: boundedInstant('Valid to').nullable(),
  usageLimit: count('Usage limit').nullable(),
  perPassengerLimit: count('Per-passenger limit').nullable(),
  active: yup.boolean(),
};

export const discounts = defineManifest({
  name: 'discounts',
  service: 'trip',
  subject: 'Discount',
  path: 'discounts',
  fields: {
    code: { type: 'text', sort: true, filter: true },
    name: { type: 'text', sort: true },
    kind: { type: 'text', sort: true, filter: true, enum: DISCOUNT_KINDS, enumLabels: 'app.enums.discountKind' },
    value: { type: 'number', sort: true },
    maxDiscount: { type: 'number', format: 'money', sort: true, nullable: true },
    minFare: { type: 'number', format: 'money', sort: true, nullable: true },
    validFrom: { type: 'timestamp', sort: true, filter: true, nullable: true },
    validTo: { type: 'timestamp', sort: true, filter: true, nullable: true },
    usageLimit: { type: 'int', sort: true, nullable: true },
    perPassengerLimit: { type: 'int', sort: true, nullable: true },
    timesUsed: { type: 'int', sort: true, filter: true, description: 'Completed trips that used the code (read-only)' },
    active: { type: 'bool', sort: true, filter: true },
    createdAt: { type: 'timestamp', sort: true },
    updatedAt: { type: 'timestamp', sort: true },
  },
  search: ['code', 'name'],
  searchIds: ['id'],
  defaultSort: ['createdAt', 'DESC'],
  label: labelField('code'),
  menu: { id: 'discounts', icon: 'discounts' },
  create: yup.object({
    ...writable,
    code: writable.code.required(refusal('required', { label: 'Code' })),
    name: requiredName('Name'),
    kind: writable.kind.required(refusal('required', { label: 'Kind' })),
    value: writable.value.required(refusal('required', { label: 'Value' })).when('kind', {
      is: 'percent',
      then: (s) => s.min(1, PERCENT_RANGE_MESSAGE).max(100, PERCENT_RANGE_MESSAGE),
    }),
    maxDiscount: writable.maxDiscount.default(null),
    minFare: writable.minFare.default(null),
    validFrom: writable.validFrom.default(null),
    validTo: writable.validTo.default(null).test('after', refusal('validToAfter'), function (to) {
      const from = this.parent.validFrom as Date | null | undefined;
      return !to || !from || to > from;
    }),
    usageLimit: writable.usageLimit.default(null),
    perPassengerLimit: writable.perPassengerLimit.default(null),
    active: writable.active.default(true),
  }),
  update: yup.object(writable),
});
