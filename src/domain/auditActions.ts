import type { PaletteColor } from './statusPalettes';

/** What every resource's plain writes are audited as; engine actions add their own names (block, assign, …). */
export const CRUD_AUDIT_ACTIONS = ['create', 'update', 'delete'] as const;

/** The first word of an action's name decides its colour: what it does to the record, not which record. */
const TONES: Readonly<Record<string, PaletteColor>> = {
  create: 'success',
  approve: 'success',
  activate: 'success',
  reinstate: 'success',
  unblock: 'success',
  resolve: 'success',
  credit: 'success',
  delete: 'error',
  block: 'error',
  suspend: 'error',
  reject: 'error',
  cancel: 'error',
  deactivate: 'error',
  request: 'warning',
  documents: 'warning',
  expire: 'warning',
  escalate: 'warning',
};

/**
 * The colour of an audited action's chip, for any action name (the engine's actions are many and
 * grow): `approve-document` green, `reject-document` red, `request-reupload` amber, `assign` and
 * `update` blue.
 */
export function auditActionColor(action: string): PaletteColor {
  const verb = action.split('-')[0];
  return Object.hasOwn(TONES, verb) ? TONES[verb] : 'info';
}

/**
 * Every action name the audit log can hold, sorted, the plain writes first: the CRUD names, every
 * engine action a resource declares (`actions` per resource) and names written outside the engine.
 */
export function auditActionNames(
  declaredActions: readonly (readonly string[])[],
  others: readonly string[] = [],
): string[] {
  const extra = new Set<string>([...declaredActions.flat(), ...others]);
  for (const crud of CRUD_AUDIT_ACTIONS) extra.delete(crud);
  return [...CRUD_AUDIT_ACTIONS, ...[...extra].sort()];
}
