import { ACTIONS, SUBJECTS } from '../../domain/permissions';

export interface PermissionRecord {
  id: number;
  name: string;
  subject: string;
  action: string;
  /** Names of the roles holding it. */
  roles: string[];
}

export interface PermissionGroup {
  subject: string;
  label: string;
  permissions: PermissionRecord[];
}

const subjectOrder = new Map(SUBJECTS.map((subject, index) => [subject.name, index]));
const actionOrder = new Map(ACTIONS.map((action, index) => [action, index]));
const rank = (order: Map<string, number>, key: string) => order.get(key) ?? Number.MAX_SAFE_INTEGER;

/** Permissions grouped by subject, subjects and actions in the catalogue's order (unknown ones last, by name). */
export function groupPermissions(records: readonly PermissionRecord[]): PermissionGroup[] {
  const groups = new Map<string, PermissionRecord[]>();
  for (const record of records) groups.set(record.subject, [...(groups.get(record.subject) ?? []), record]);
  return [...groups.entries()]
    .sort(([a], [b]) => rank(subjectOrder, a) - rank(subjectOrder, b) || a.localeCompare(b))
    .map(([subject, permissions]) => ({
      subject,
      label: SUBJECTS.find((definition) => definition.name === subject)?.label ?? subject,
      permissions: [...permissions].sort(
        (a, b) => rank(actionOrder, a.action) - rank(actionOrder, b.action) || a.name.localeCompare(b.name),
      ),
    }));
}
