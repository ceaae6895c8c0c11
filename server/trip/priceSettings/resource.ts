import * as yup from 'yup';
import { sql } from 'kysely';
import { ApiError, badRequest } from '../../errors.js';
import { defineResource } from '../../rest/declaration.js';
import {
  priceSettingNotes as describe,
  priceSettings as priceSettingsManifest,
} from '../../../src/domain/resources/priceSettings.js';
import { parseClock } from '../../../src/domain/fare.js';
import { id, percent, text } from '../fields.js';

const clock = (label: string) =>
  yup
    .string()
    .required(`${label} is required`)
    .test('clock', `${label} must be a time such as 07:30`, (v) => v === undefined || !Number.isNaN(parseClock(v)));

export const surgeRuleSchema = yup.object({
  label: text('Label', 60).nullable(),
  days: yup
    .array(
      yup
        .number()
        .typeError('Days are numbers 0 (Sunday) to 6 (Saturday)')
        .integer()
        .min(0, 'Days are 0 (Sunday) to 6 (Saturday)')
        .max(6, 'Days are 0 (Sunday) to 6 (Saturday)')
        .required(),
    )
    .required('Choose at least one day')
    .min(1, 'Choose at least one day')
    .test('unique', 'A day is listed twice', (v) => !v || new Set(v).size === v.length),
  from: clock('Start time'),
  to: clock('End time').test('not-empty', 'The window is empty: end equals start', function (to) {
    return to === undefined || to !== this.parent.from;
  }),
  multiplier: yup
    .number()
    .typeError('Multiplier must be a number')
    .required('Multiplier is required')
    .min(1, 'Multiplier must be at least 1')
    .max(5, 'Multiplier must be at most 5'),
});

const surgeRules = yup.array(surgeRuleSchema).max(50, 'At most 50 surge windows').nullable();

const base = {
  name: yup.string().trim().min(1, 'Name is required').max(80, 'Name must be at most 80 characters'),
  commissionPercent: percent('Commission').nullable(),
  bidPercent: percent('Bid percentage').nullable(),
  surgeRules,
  active: yup.boolean(),
};

export const priceSettings = defineResource(priceSettingsManifest, {
  table: 'priceSettings',
  description: `Pricing rules: one default row (vehicleTypeId null) and optional rows per vehicle type that override it field by field.
- vehicleTypeId: ${describe.vehicleTypeId}
- commissionPercent: ${describe.commissionPercent}
- bidPercent: ${describe.bidPercent}
- surgeRules: ${describe.surgeRules}
- active: ${describe.active}`,
  computed: {
    isDefault: { type: 'bool', sql: sql`(price_settings.vehicle_type_id is null)`, filter: true, sort: true },
    vehicleTypeName: {
      type: 'text',
      sql: sql`(select v.name from vehicle_types v where v.id = price_settings.vehicle_type_id)`,
    },
  },
  create: yup.object({
    ...base,
    name: base.name.required('Name is required'),
    vehicleTypeId: id('vehicle type').required('Choose a vehicle type: the default settings already exist'),
    commissionPercent: base.commissionPercent.default(null),
    bidPercent: base.bidPercent.default(null),
    surgeRules: base.surgeRules.default(null),
    active: base.active.default(true),
  }),
  update: yup.object(base),
  delete: true,
  async toColumns(input, { trx, existing }) {
    const columns = { ...input };
    if (existing) {
      if (existing.vehicleTypeId === null) {
        const errors: Record<string, string> = {};
        for (const f of ['commissionPercent', 'bidPercent', 'surgeRules'] as const) {
          if (f in input && input[f] === null) errors[f] = 'The default settings need a value';
        }
        if (input.active === false) errors.active = 'The default settings are always in force';
        if (Object.keys(errors).length) throw badRequest('Please correct the highlighted fields', errors);
      }
      return columns;
    }
    const vt = await trx
      .selectFrom('vehicleTypes')
      .select('id')
      .where('id', '=', input.vehicleTypeId)
      .executeTakeFirst();
    if (!vt)
      throw badRequest('Please correct the highlighted fields', { vehicleTypeId: 'No vehicle type with this id' });
    const taken = await trx
      .selectFrom('priceSettings')
      .select('id')
      .where('vehicleTypeId', '=', input.vehicleTypeId)
      .executeTakeFirst();
    if (taken)
      throw new ApiError(409, 'This vehicle type already has its own price settings', {
        vehicleTypeId: 'This vehicle type already has its own price settings',
      });
    return columns;
  },
  async beforeDelete({ existing }) {
    if (existing!.vehicleTypeId === null) throw new ApiError(409, 'The default price settings cannot be deleted');
  },
});
