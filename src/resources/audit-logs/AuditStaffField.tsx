import { Link as MuiLink, Typography } from '@mui/material';
import { useCanAccess, useRecordContext, useTranslate } from 'react-admin';
import { Link } from 'react-router';
import { showPath } from '../shared/recordPaths';
import type { AuditLog } from './types';

const STAFF_PATH = 'staff-management/staffs';

/** Who did it, linking to their page when the viewer may see staff. */
export function AuditStaffField(_props: { label?: string; source?: string }) {
  const translate = useTranslate();
  const log = useRecordContext<AuditLog>();
  const { canAccess } = useCanAccess({ resource: STAFF_PATH, action: 'show' });
  if (!log) return null;
  const name = log.staffName ?? translate('app.access.audit.unknownStaff');
  if (!canAccess || log.staffId === null) return <Typography variant="body2">{name}</Typography>;
  return (
    <MuiLink
      component={Link}
      to={showPath(STAFF_PATH, log.staffId)}
      onClick={(event) => event.stopPropagation()}
      variant="body2"
    >
      {name}
    </MuiLink>
  );
}
