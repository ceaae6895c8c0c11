import { Link as MuiLink } from '@mui/material';
import { useCanAccess, useRecordContext, useTranslate } from 'react-admin';
import { Link } from 'react-router';
import { listPathWithFilter } from '../shared/recordPaths';
import type { Role } from './types';

const STAFF_PATH = 'staff-management/staffs';

/** "N staff", linking to the staff list filtered by the role when the viewer may see staff. */
export function RoleHoldersLink(_props: { label?: string; source?: string }) {
  const translate = useTranslate();
  const role = useRecordContext<Role>();
  const { canAccess } = useCanAccess({ resource: STAFF_PATH, action: 'list' });
  if (!role) return null;
  const text = role.staffCount
    ? translate('app.access.roles.holders', { smart_count: role.staffCount })
    : translate('app.access.roles.noHolders');
  if (!canAccess || !role.staffCount) return <span>{text}</span>;
  return (
    <MuiLink
      component={Link}
      to={listPathWithFilter(STAFF_PATH, { roleId: role.id })}
      onClick={(event) => event.stopPropagation()}
    >
      {text}
    </MuiLink>
  );
}
