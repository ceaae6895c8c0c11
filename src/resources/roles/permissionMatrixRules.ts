import {
  ACTIONS,
  ALL_PERMISSIONS,
  SUBJECTS,
  permissionName,
  type Action,
  type SubjectDefinition,
} from '../../domain/permissions';

/**
 * The permission matrix as pure functions over a role's permission names:
 * rows are subjects, columns the actions view, create, update and delete.
 * Writing implies seeing: granting create, update or delete on a subject
 * grants its view too, and taking view away takes the writes with it.
 * Results list the names in the catalogue's order (ALL_PERMISSIONS).
 */
export type Selection = 'all' | 'some' | 'none';

export const MATRIX_ACTIONS: readonly Action[] = ACTIONS;

export const subjectHas = (subject: SubjectDefinition, action: Action) =>
  action === 'view' ? !subject.seenWith : subject.writes.includes(action);

/** The permission names of a row (only the actions the subject has). */
export const rowPermissions = (subject: SubjectDefinition): string[] =>
  MATRIX_ACTIONS.filter((action) => subjectHas(subject, action)).map((action) => permissionName(action, subject.name));

/** The permission names of a column (only the subjects that have the action). */
export const columnPermissions = (action: Action): string[] =>
  SUBJECTS.filter((subject) => subjectHas(subject, action)).map((subject) => permissionName(action, subject.name));

/** Known names only, each once, in catalogue order. */
export function normalizePermissions(names: Iterable<string>): string[] {
  const wanted = new Set(names);
  return ALL_PERMISSIONS.filter((name) => wanted.has(name));
}

function apply(current: readonly string[], grant: readonly string[], revoke: readonly string[]): string[] {
  const next = new Set(current);
  for (const name of revoke) next.delete(name);
  for (const name of grant) next.add(name);
  return normalizePermissions(next);
}

/** Sets one cell, keeping "writing implies seeing". */
export function setCell(current: readonly string[], subject: SubjectDefinition, action: Action, on: boolean): string[] {
  if (!subjectHas(subject, action)) return normalizePermissions(current);
  const name = permissionName(action, subject.name);
  const seeing = permissionName('view', subject.seenWith ?? subject.name);
  if (on) return apply(current, action === 'view' ? [name] : [name, seeing], []);
  if (action !== 'view') return apply(current, [], [name]);
  // Not seeing a subject's records any more takes the writes on their parts too (payout details).
  const parts = SUBJECTS.filter((s) => s.seenWith === subject.name).flatMap(rowPermissions);
  return apply(current, [], [...rowPermissions(subject), ...parts]);
}

/** Selects or clears a whole row (a subject's every action). */
export function setRow(current: readonly string[], subject: SubjectDefinition, on: boolean): string[] {
  if (on)
    return apply(current, [...rowPermissions(subject), permissionName('view', subject.seenWith ?? subject.name)], []);
  const parts = SUBJECTS.filter((s) => s.seenWith === subject.name).flatMap(rowPermissions);
  return apply(current, [], [...rowPermissions(subject), ...parts]);
}

/** Selects or clears a whole column (an action on every subject that has it), keeping "writing implies seeing". */
export function setColumn(current: readonly string[], action: Action, on: boolean): string[] {
  let next = normalizePermissions(current);
  for (const subject of SUBJECTS) if (subjectHas(subject, action)) next = setCell(next, subject, action, on);
  return next;
}

/** Selects or clears everything. */
export const setAll = (on: boolean): string[] => (on ? [...ALL_PERMISSIONS] : []);

function selectionOf(current: readonly string[], names: readonly string[]): Selection {
  const held = names.filter((name) => current.includes(name)).length;
  return held === 0 ? 'none' : held === names.length ? 'all' : 'some';
}

export const rowSelection = (current: readonly string[], subject: SubjectDefinition) =>
  selectionOf(current, rowPermissions(subject));
export const columnSelection = (current: readonly string[], action: Action) =>
  selectionOf(current, columnPermissions(action));
export const allSelection = (current: readonly string[]) => selectionOf(current, ALL_PERMISSIONS);
