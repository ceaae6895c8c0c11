import * as yup from 'yup';
import { sql, type Transaction } from 'kysely';
import { ApiError, badRequest } from '../../errors.js';
import { recordAudit } from '../../rest/audit.js';
import { defineAction, defineResource, type Row } from '../../rest/declaration.js';
import type { Database } from '../../db/schema.js';
import {
  priceProfileSchema,
  priceSettingNotes as describe,
  priceSettings as priceSettingsManifest,
} from '../../../src/domain/resources/priceSettings.js';
import { refusal } from '../../../src/domain/messageCodes.js';

const PROFILE_FIELDS = ['commissionPercent', 'bidPercent', 'surgeRules'] as const;

/** The default row needs every value and is always in force. */
function defaultRowProblems(input: Record<string, unknown>, prefix = ''): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const f of PROFILE_FIELDS)
    if (f in input && input[f] === null) errors[`${prefix}${f}`] = 'The default settings need a value';
  return errors;
}

/** JSON with object keys sorted: jsonb does not keep the order the keys were sent in. */
const canonical = (value: unknown): string =>
  JSON.stringify(value ?? null, (_, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );

const profileRow = (trx: Transaction<Database>) =>
  trx
    .selectFrom('priceSettings')
    .select(['id', 'name', 'vehicleTypeId', 'commissionPercent', 'bidPercent', 'surgeRules', 'active']);

/**
 * POST price-settings/save {profiles: [...]}: the price-settings page saves every profile it
 * changed in one transaction, one audit row per profile. New quotes use it at once; trips already
 * quoted keep the fare stored on them.
 */
const save = defineAction({
  on: 'collection',
  access: 'update-PriceSettings',
  summary: 'Save the default and per-vehicle-type price settings at once',
  description:
    'Each profile is the default (vehicleTypeId null) or a vehicle type’s own; a vehicle type without a row of its own gets one. Everything is written in one transaction with an audit row per changed profile, or nothing is. Applies to new quotes only: trips already quoted keep their fare.',
  body: yup.object({
    profiles: yup
      .array(priceProfileSchema)
      .required('Send the profiles to save')
      .min(1, 'Send the profiles to save')
      .max(100, 'At most 100 profiles')
      .test(
        'unique',
        'A profile is listed twice',
        (v) => !v || new Set(v.map((p) => p.vehicleTypeId)).size === v.length,
      ),
  }),
  async handler({ trx, input, staff }) {
    const profiles = input.profiles as yup.InferType<typeof priceProfileSchema>[];
    const errors: Record<string, string> = {};
    profiles.forEach((p, i) => {
      if (p.vehicleTypeId === null) Object.assign(errors, defaultRowProblems(p, `profiles[${i}].`));
    });
    const typeIds = profiles.map((p) => p.vehicleTypeId).filter((id): id is number => id !== null);
    const types = typeIds.length
      ? await trx.selectFrom('vehicleTypes').select(['id', 'name']).where('id', 'in', typeIds).execute()
      : [];
    profiles.forEach((p, i) => {
      if (p.vehicleTypeId !== null && !types.some((t) => t.id === p.vehicleTypeId))
        errors[`profiles[${i}].vehicleTypeId`] = refusal('noSuch', { label: 'vehicle type' });
    });
    if (Object.keys(errors).length) throw badRequest(refusal('highlighted'), errors);

    let changed = 0;
    for (const p of profiles) {
      const existing = await profileRow(trx)
        .where((eb) =>
          p.vehicleTypeId === null ? eb('vehicleTypeId', 'is', null) : eb('vehicleTypeId', '=', p.vehicleTypeId),
        )
        .forUpdate()
        .executeTakeFirst();
      const values = {
        commissionPercent: p.commissionPercent,
        bidPercent: p.bidPercent,
        surgeRules: p.surgeRules === null ? null : JSON.stringify(p.surgeRules),
      };
      let id: number;
      if (existing) {
        const same = PROFILE_FIELDS.every(
          (f) => canonical(existing[f]) === canonical((p as Record<string, unknown>)[f]),
        );
        if (same) continue;
        await trx
          .updateTable('priceSettings')
          .set({ ...values, updatedAt: new Date() } as never)
          .where('id', '=', existing.id)
          .execute();
        id = existing.id;
      } else {
        const name = `${types.find((t) => t.id === p.vehicleTypeId)!.name} pricing`;
        const inserted = await trx
          .insertInto('priceSettings')
          .values({ name, vehicleTypeId: p.vehicleTypeId, active: true, ...values } as never)
          .returning('id')
          .executeTakeFirstOrThrow();
        id = inserted.id;
      }
      const after = await profileRow(trx).where('id', '=', id).executeTakeFirstOrThrow();
      await recordAudit(trx, {
        staffId: staff.id,
        resource: 'price-settings',
        recordId: id,
        action: existing ? 'save' : 'create',
        before: existing as Row | undefined,
        after: after as Row,
      });
      changed++;
    }
    const rows = await trx
      .selectFrom('priceSettings')
      .select(['id', 'vehicleTypeId', 'commissionPercent', 'bidPercent', 'surgeRules', 'active'])
      .orderBy(sql`vehicle_type_id nulls first`)
      .execute();
    return {
      data: rows,
      message: changed
        ? `Price settings saved (${changed} profile${changed === 1 ? '' : 's'}). New quotes use them now.`
        : 'Nothing changed',
    };
  },
});

export const priceSettings = defineResource(priceSettingsManifest, {
  table: 'priceSettings',
  description: `Pricing rules: one default row (vehicleTypeId null) and optional rows per vehicle type that override it field by field.
- vehicleTypeId: ${describe.vehicleTypeId}
- commissionPercent: ${describe.commissionPercent}
- bidPercent: ${describe.bidPercent}
- surgeRules: ${describe.surgeRules}
- active: ${describe.active}
The panel saves the whole page with the \`save\` action.`,
  computed: {
    isDefault: { type: 'bool', sql: sql`(price_settings.vehicle_type_id is null)`, filter: true, sort: true },
    vehicleTypeName: {
      type: 'text',
      sql: sql`(select v.name from vehicle_types v where v.id = price_settings.vehicle_type_id)`,
    },
  },
  delete: true,
  actions: { save },
  async toColumns(input, { trx, existing }) {
    const columns = { ...input };
    if (existing) {
      if (existing.vehicleTypeId === null) {
        const errors = defaultRowProblems(input);
        if (input.active === false) errors.active = 'The default settings are always in force';
        if (Object.keys(errors).length) throw badRequest(refusal('highlighted'), errors);
      }
      return columns;
    }
    const vt = await trx
      .selectFrom('vehicleTypes')
      .select('id')
      .where('id', '=', input.vehicleTypeId)
      .executeTakeFirst();
    if (!vt) throw badRequest(refusal('highlighted'), { vehicleTypeId: refusal('noSuch', { label: 'vehicle type' }) });
    const taken = await trx
      .selectFrom('priceSettings')
      .select('id')
      .where('vehicleTypeId', '=', input.vehicleTypeId)
      .executeTakeFirst();
    if (taken)
      throw new ApiError(409, refusal('ownPriceSettingsExist'), { vehicleTypeId: refusal('ownPriceSettingsExist') });
    return columns;
  },
  async beforeDelete({ existing }) {
    if (existing!.vehicleTypeId === null) throw new ApiError(409, refusal('defaultPriceSettingsKept'));
  },
});
