import * as yup from 'yup';
import { sql } from 'kysely';
import { badRequest } from '../../errors.js';
import { defineResource } from '../../rest/declaration.js';
import { discounts as discountsManifest } from '../../../src/domain/resources/discounts.js';
import { money, oneOf } from '../../rest/fields.js';
import { DISCOUNT_KINDS } from '../../../src/domain/enums.js';
import { instant } from '../fields.js';

export const DISCOUNT_STATES = ['active', 'scheduled', 'expired', 'used_up', 'inactive'] as const;

const count = (label: string) =>
  yup
    .number()
    .typeError(`${label} must be a number`)
    .integer(`${label} must be a whole number`)
    .min(1, `${label} must be at least 1`)
    .max(10_000_000);

const base = {
  code: yup
    .string()
    .trim()
    .matches(/^[A-Za-z0-9_-]{3,30}$/, 'Use 3 to 30 letters, digits, - or _'),
  name: yup.string().trim().min(1, 'Name is required').max(80, 'Name must be at most 80 characters'),
  kind: oneOf(DISCOUNT_KINDS, 'Kind'),
  value: money('Value').moreThan(0, 'Value must be more than 0'),
  maxDiscount: money('Maximum discount').moreThan(0, 'Maximum discount must be more than 0').nullable(),
  minFare: money('Minimum fare').nullable(),
  validFrom: instant('Valid from').nullable(),
  validTo: instant('Valid to').nullable(),
  usageLimit: count('Usage limit').nullable(),
  perPassengerLimit: count('Per-passenger limit').nullable(),
  active: yup.boolean(),
};

const stateSql = sql`(case
  when not discounts.active then 'inactive'
  when discounts.valid_to is not null and discounts.valid_to < now() then 'expired'
  when discounts.valid_from is not null and discounts.valid_from > now() then 'scheduled'
  when discounts.usage_limit is not null and discounts.times_used >= discounts.usage_limit then 'used_up'
  else 'active' end)`;

export const discounts = defineResource(discountsManifest, {
  table: 'discounts',
  description:
    'Discount codes. `code` is unique regardless of case. A percent discount takes `value` % of the fare (at most `maxDiscount`); a fixed one takes `value`; neither applies below `minFare`. `timesUsed` counts completed trips that used the code; `usageLimit` caps it overall and `perPassengerLimit` per passenger. `state` is computed: active, scheduled, expired, used_up or inactive.',
  computed: {
    state: { type: 'text', sql: stateSql, filter: true, sort: true },
  },
  create: yup.object({
    ...base,
    code: base.code.required('Code is required'),
    name: base.name.required('Name is required'),
    kind: base.kind.required('Kind is required'),
    value: base.value.required('Value is required'),
    maxDiscount: base.maxDiscount.default(null),
    minFare: base.minFare.default(null),
    validFrom: base.validFrom.default(null),
    validTo: base.validTo.default(null),
    usageLimit: base.usageLimit.default(null),
    perPassengerLimit: base.perPassengerLimit.default(null),
    active: base.active.default(true),
  }),
  update: yup.object(base),
  delete: true,
  toColumns(input, { existing }) {
    const merged = { ...existing, ...input } as Record<string, unknown>;
    const errors: Record<string, string> = {};
    if (merged.kind === 'percent' && Number(merged.value) > 100) errors.value = 'A percentage must be at most 100';
    if (merged.kind === 'fixed' && input.maxDiscount != null)
      errors.maxDiscount = 'Only a percent discount has a maximum';
    if (
      merged.validFrom &&
      merged.validTo &&
      new Date(merged.validTo as string) <= new Date(merged.validFrom as string)
    ) {
      errors.validTo = 'Valid to must be after valid from';
    }
    if (Object.keys(errors).length) throw badRequest('Please correct the highlighted fields', errors);
    const columns = { ...input };
    if (merged.kind === 'fixed' && 'kind' in input) columns.maxDiscount = null;
    return columns;
  },
});
