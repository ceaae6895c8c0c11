import * as yup from 'yup';
import { parseClock } from '../fare';
import { name, percent, requiredName, text } from '../fieldRules';
import { defineManifest, labelField } from './manifest';
import { refusal } from '../messageCodes';

export const SURGE_MULTIPLIER_MIN = 1;
export const SURGE_MULTIPLIER_MAX = 5;
export const SURGE_WINDOWS_MAX = 50;

const clock = (label: string) =>
  yup
    .string()
    .required(refusal('required', { label }))
    .test('clock', refusal('clock', { label }), (v) => v === undefined || !Number.isNaN(parseClock(v)));

const DAYS_MESSAGE = 'Days are 0 (Sunday) to 6 (Saturday)';

/** One surge window (src/domain/fare.ts SurgeRule): the panel's dialog and the service check it alike. */
export const surgeRuleSchema = yup.object({
  label: text('Label', 60).nullable(),
  days: yup
    .array(
      yup.number().typeError(DAYS_MESSAGE).integer(DAYS_MESSAGE).min(0, DAYS_MESSAGE).max(6, DAYS_MESSAGE).required(),
    )
    .required(refusal('chooseDay'))
    .min(1, refusal('chooseDay'))
    .test('unique', refusal('dayTwice'), (v) => !v || new Set(v).size === v.length),
  from: clock('Start time'),
  to: clock('End time').test('not-empty', refusal('windowEmpty'), function (to) {
    return to === undefined || to !== this.parent.from;
  }),
  multiplier: yup
    .number()
    .typeError(refusal('number', { label: 'Multiplier' }))
    .required(refusal('required', { label: 'Multiplier' }))
    .min(SURGE_MULTIPLIER_MIN, refusal('atLeast', { label: 'Multiplier', min: SURGE_MULTIPLIER_MIN }))
    .max(SURGE_MULTIPLIER_MAX, refusal('atMost', { label: 'Multiplier', max: SURGE_MULTIPLIER_MAX })),
});

export const surgeRulesSchema = yup
  .array(surgeRuleSchema)
  .max(SURGE_WINDOWS_MAX, refusal('surgeWindowsMax', { max: SURGE_WINDOWS_MAX }))
  .nullable();

const writable = {
  name: name('Name'),
  commissionPercent: percent('Commission').nullable(),
  bidPercent: percent('Bid percentage').nullable(),
  surgeRules: surgeRulesSchema,
  active: yup.boolean(),
};

/** One profile as the page saves it: the default (vehicleTypeId null) or a vehicle type's own. */
export const priceProfileSchema = yup.object({
  vehicleTypeId: yup
    .number()
    .typeError(refusal('chooseA', { label: 'vehicle type' }))
    .integer(refusal('chooseA', { label: 'vehicle type' }))
    .positive(refusal('chooseA', { label: 'vehicle type' }))
    .nullable()
    .defined('Say which profile: null for the default'),
  commissionPercent: writable.commissionPercent.defined('Commission is required (null: the default)'),
  bidPercent: writable.bidPercent.defined('Bid percentage is required (null: the default)'),
  surgeRules: writable.surgeRules.defined('Surge windows are required (null: the default)'),
});

/** What each pricing field means, for the API docs. */
export const priceSettingNotes = {
  vehicleTypeId:
    'Null on the one default row, which applies to every vehicle type without an active row of its own; otherwise the vehicle type this row prices.',
  commissionPercent:
    "Default commission (%): the platform's share of a fare for vehicle types that set none of their own. Required on the default row; null on a vehicle type's row falls back to the default.",
  bidPercent:
    "How far a passenger's own offer may go below or above the estimate, in percent of it: 20 allows offers from 80 % to 120 % of the estimated fare. Null on a vehicle type's row falls back to the default.",
  surgeRules:
    'Surge windows: [{label, days: [0–6, 0 = Sunday], from: "HH:MM", to: "HH:MM", multiplier}], on the Nairobi clock, from inclusive to exclusive; a window whose end is not after its start runs past midnight. The highest covering multiplier applies to base + distance + time. Null on a vehicle type\'s row falls back to the default; an empty list means no surge for that type.',
  active: 'An inactive vehicle-type row is ignored (the default applies). The default row is always in force.',
};

export const priceSettings = defineManifest({
  name: 'price-settings',
  service: 'trip',
  subject: 'PriceSettings',
  path: 'price-setting',
  fields: {
    name: { type: 'text', sort: true, filter: true },
    vehicleTypeId: {
      type: 'int',
      sort: true,
      filter: true,
      nullable: true,
      description: priceSettingNotes.vehicleTypeId,
    },
    commissionPercent: { type: 'number', sort: true, nullable: true, description: priceSettingNotes.commissionPercent },
    bidPercent: { type: 'number', sort: true, nullable: true, description: priceSettingNotes.bidPercent },
    surgeRules: { type: 'json', nullable: true, description: priceSettingNotes.surgeRules },
    active: { type: 'bool', sort: true, filter: true, description: priceSettingNotes.active },
    createdAt: { type: 'timestamp', sort: true },
    updatedAt: { type: 'timestamp', sort: true },
  },
  search: ['name'],
  defaultSort: ['vehicleTypeId', 'ASC'],
  label: labelField('name'),
  menu: { id: 'priceSettings', icon: 'prices' },
  create: yup.object({
    ...writable,
    name: requiredName('Name'),
    vehicleTypeId: yup
      .number()
      .typeError(refusal('chooseA', { label: 'vehicle type' }))
      .integer(refusal('chooseA', { label: 'vehicle type' }))
      .positive(refusal('chooseA', { label: 'vehicle type' }))
      .required(refusal('defaultSettingsExist')),
    commissionPercent: writable.commissionPercent.default(null),
    bidPercent: writable.bidPercent.default(null),
    surgeRules: writable.surgeRules.default(null),
    active: writable.active.default(true),
  }),
  update: yup.object(writable),
});
