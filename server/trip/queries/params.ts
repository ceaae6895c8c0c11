import { sql, type RawBuilder } from 'kysely';
import { badRequest } from '../../errors.js';
import { CITY } from '../../../src/domain/city.js';
import { DATE_PRESETS, GROUP_BYS, parseDateRange, type DateRange } from '../../../src/domain/dateRange.js';
import { PAYMENT_METHODS } from '../../../src/domain/enums.js';
import { holdsControlCharacters } from '../../../src/domain/fieldRules.js';
import { refusal } from '../../../src/domain/messageCodes.js';

/**
 * The period parameters of every report, documented once. Documentation only (no enum or format):
 * the parser checks them and says what is wrong in its own words.
 */
export const periodParameters = {
  from: { type: 'string', description: 'First day, YYYY-MM-DD, inclusive, city time' },
  to: { type: 'string', description: 'Last day, YYYY-MM-DD, inclusive, city time' },
  preset: { type: 'string', description: `Instead of from/to: ${DATE_PRESETS.join(', ')}` },
  groupBy: { type: 'string', description: `${GROUP_BYS.join(', ')} (default day); city time, weeks from Monday` },
};

/** The period of a report in the city's zone; a bad one is a 400. */
export function periodOf(query: Record<string, unknown>, now: Date): DateRange {
  if (holdsControlCharacters(query)) throw badRequest(refusal('control', { label: 'Query parameters' }));
  const out = parseDateRange(query, now, CITY.timeZone);
  if ('error' in out) throw badRequest(out.error);
  return out.range;
}

export const tripFilterParameters = {
  vehicleTypeId: { type: 'string', description: 'A vehicle type id' },
  paymentMethod: { type: 'string', description: PAYMENT_METHODS.join(', ') },
};

/** Trip filters shared by reports: vehicleTypeId and paymentMethod, as SQL over `trips`. */
export function tripFiltersOf(query: Record<string, unknown>): RawBuilder<boolean>[] {
  const clauses: RawBuilder<boolean>[] = [];
  if (query.vehicleTypeId !== undefined) {
    const id = Number(query.vehicleTypeId);
    if (typeof query.vehicleTypeId !== 'string' || !/^\d{1,9}$/.test(query.vehicleTypeId))
      throw badRequest(refusal('wholeNumber', { label: '"vehicleTypeId"' }));
    clauses.push(sql<boolean>`trips.vehicle_type_id = ${id}`);
  }
  if (query.paymentMethod !== undefined) {
    if (!PAYMENT_METHODS.includes(query.paymentMethod as (typeof PAYMENT_METHODS)[number]))
      throw badRequest(refusal('oneOf', { label: '"paymentMethod"', values: PAYMENT_METHODS.join(', ') }));
    clauses.push(sql<boolean>`trips.payment_method = ${query.paymentMethod as string}`);
  }
  return clauses;
}
