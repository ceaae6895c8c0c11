import { useRecordContext, useTranslate } from 'react-admin';
import { GuardedLink } from '../../kit/LinkedRecordField';
import { listPathWithFilter } from '../shared/recordPaths';
import type { Role } from './types';

const STAFF_PATH = 'staff-management/staffs';

/** "N staff", linking to the staff list filtered by the role when the viewer may see staff. */
export function RoleHoldersLink(_props: { label?: string; source?: string }) {
  const translate = useTranslate();
  const role = useRecordContext<Role>();
  if (!role) return null;
  if (!role.staffCount) return <span>{translate('app.access.roles.noHolders')}</span>;
  return (
    <GuardedLink resource={STAFF_PATH} action="list" to={listPathWithFilter(STAFF_PATH, { roleId: role.id })}>
      {translate('app.access.roles.holders', { smart_count: role.staffCount })}
    </GuardedLink>
  );
}
