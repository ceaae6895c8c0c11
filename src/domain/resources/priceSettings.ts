import { defineManifest, labelField } from './manifest';

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
    vehicleTypeId: { type: 'int', sort: true, filter: true, description: priceSettingNotes.vehicleTypeId },
    commissionPercent: { type: 'number', sort: true, description: priceSettingNotes.commissionPercent },
    bidPercent: { type: 'number', sort: true, description: priceSettingNotes.bidPercent },
    surgeRules: { type: 'json', description: priceSettingNotes.surgeRules },
    active: { type: 'bool', sort: true, filter: true, description: priceSettingNotes.active },
    createdAt: { type: 'timestamp', sort: true },
    updatedAt: { type: 'timestamp', sort: true },
  },
  search: ['name'],
  defaultSort: ['vehicleTypeId', 'ASC'],
  label: labelField('name'),
});
