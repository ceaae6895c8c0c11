import { MANIFEST } from './resources';
import { PAYOUT_PERMISSION, permissionName, type Action } from './permissionNames';

/**
 * Access rules shared by the panel (menu, canAccess) and the server (route guards, seed). The
 * permission names live in permissionNames.ts, which the manifest's write rules import too.
 */
export * from './permissionNames';

/** Which subject guards each backend resource, from the manifest. */
export const RESOURCE_SUBJECTS: Readonly<Record<string, string>> = Object.fromEntries(
  MANIFEST.map((resource) => [resource.name, resource.subject]),
);

/** The react-admin action that asks for update-DriverPayoutDetails on drivers and payout batches. */
export const PAYOUT_ACTION = 'payout';

/** react-admin action names to permission actions. */
const RA_ACTIONS: Record<string, Action> = {
  list: 'view',
  show: 'view',
  export: 'view',
  read: 'view',
  create: 'create',
  edit: 'update',
  update: 'update',
  delete: 'delete',
};

/**
 * Pure rule behind react-admin's `canAccess`: may a holder of `granted`
 * perform react-admin `action` on `resource`? Unknown resources and actions
 * are refused.
 */
export function canAccess(granted: readonly string[], resource: string, action: string): boolean {
  // Drivers' payout details and the payout batches have their own permission (issue 43).
  if (action === PAYOUT_ACTION)
    return (resource === 'drivers' || resource === 'payout-batches') && granted.includes(PAYOUT_PERMISSION);
  const subject = RESOURCE_SUBJECTS[resource];
  const mapped = RA_ACTIONS[action];
  if (!subject || !mapped) return false;
  // The payout batches' steps (prepare, approve, pay, files) need update-DriverPayoutDetails.
  if (resource === 'payout-batches' && mapped !== 'view') return granted.includes(PAYOUT_PERMISSION);
  return granted.includes(permissionName(mapped, subject));
}
