import { Box, Stack, Typography } from '@mui/material';
import { Show, TopToolbar, useRecordContext, useTranslate } from 'react-admin';
import { SectionCard } from '../../kit/DetailBlocks';
import { EditRecordButton } from '../shared/RecordButtons';
import { PermissionMatrix } from './PermissionMatrix';
import { normalizePermissions } from './permissionMatrixRules';
import { RoleDeleteButton } from './RoleDeleteButton';
import { RoleHoldersLink } from './RoleHoldersLink';
import type { Role } from './types';

function RoleShowActions() {
  return (
    <TopToolbar>
      <EditRecordButton />
      <RoleDeleteButton />
    </TopToolbar>
  );
}

function RoleDetails() {
  const translate = useTranslate();
  const role = useRecordContext<Role>();
  if (!role) return null;
  const permissions = normalizePermissions(role.permissions ?? []);
  return (
    <SectionCard>
      <Stack spacing={0.5} sx={{ mb: 2 }}>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
          {role.name}
        </Typography>
        {role.description && <Typography color="text.secondary">{role.description}</Typography>}
        <Typography variant="body2">
          <RoleHoldersLink />
        </Typography>
      </Stack>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {translate('app.access.roles.permissions', { smart_count: permissions.length })}
      </Typography>
      <Box sx={{ maxWidth: 720 }}>
        <PermissionMatrix value={permissions} />
      </Box>
    </SectionCard>
  );
}

/** /staff-management/roles/:id: the role, its holders and its permissions (read-only matrix). */
export default function RoleShow() {
  return (
    <Show actions={<RoleShowActions />} component="div">
      <RoleDetails />
    </Show>
  );
}
