import { MANIFEST, type Service } from '../src/domain/resources/index.js';
import type { ResourceDeclaration } from './rest/declaration.js';
import { discounts } from './trip/discounts/resource.js';
import { paymentGateways } from './trip/gateways/resource.js';
import { issues } from './trip/issues/resource.js';
import { priceSettings } from './trip/priceSettings/resource.js';
import { reviews } from './trip/reviews/resource.js';
import { sosCallLogs, sosContacts } from './trip/sos/resource.js';
import { driverTransactions } from './trip/transactions/resource.js';
import { trips } from './trip/trips/resource.js';
import { vehicleTypes } from './trip/vehicleTypes/resource.js';
import { auditLogs } from './user/audit-logs/resource.js';
import { drivers } from './user/drivers/resource.js';
import { passengers } from './user/passengers/resource.js';
import { permissions } from './user/permissions/resource.js';
import { roles } from './user/roles/resource.js';
import { staffs } from './user/staffs/resource.js';

/**
 * Every server declaration, once, in any order: the manifest (src/domain/resources) says which
 * service registers each and in what order (`declarationsOf`). Importing this module imports no
 * routes, so the panel's tests can read it too.
 */
export const DECLARATIONS: readonly ResourceDeclaration[] = [
  staffs,
  roles,
  permissions,
  auditLogs,
  drivers,
  passengers,
  vehicleTypes,
  priceSettings,
  trips,
  paymentGateways,
  discounts,
  issues,
  sosContacts,
  sosCallLogs,
  driverTransactions,
  reviews,
];

/**
 * What is wrong between the manifest and the declarations: an entry with no declaration or more
 * than one, or a declaration no entry names. Empty when they agree.
 */
export function declarationProblems(declarations: readonly ResourceDeclaration[] = DECLARATIONS): string[] {
  const problems: string[] = [];
  for (const m of MANIFEST) {
    const count = declarations.filter((d) => d.name === m.name).length;
    if (count !== 1)
      problems.push(`manifest entry ${m.name} has ${count || 'no'} server declaration${count > 1 ? 's' : ''}`);
  }
  for (const d of declarations)
    if (!MANIFEST.some((m) => m.name === d.name)) problems.push(`server declaration ${d.name} has no manifest entry`);
  return problems;
}

/** The declarations a service registers: those of its manifest entries, in manifest order. */
export function declarationsOf(service: Service): ResourceDeclaration[] {
  const problems = declarationProblems();
  if (problems.length) throw new Error(`Resource declarations do not match the manifest: ${problems.join('; ')}`);
  return MANIFEST.filter((m) => m.service === service).map((m) => DECLARATIONS.find((d) => d.name === m.name)!);
}
