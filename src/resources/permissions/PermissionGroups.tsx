import {
  Box,
  Chip,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useListContext, useTranslate } from 'react-admin';
import { groupPermissions, type PermissionRecord } from './groupPermissions';

/** The listed permissions as one table, a heading row per subject, with the roles holding each. */
export function PermissionGroups() {
  const translate = useTranslate();
  const { data, isPending, error } = useListContext<PermissionRecord>();
  if (isPending) return <LinearProgress sx={{ m: 2 }} />;
  if (error) return null;
  const groups = groupPermissions(data ?? []);
  if (groups.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ p: 3 }}>
        {translate('ra.navigation.no_results', {
          name: translate('resources.staff-management/permissions.name', { smart_count: 2 }),
        })}
      </Typography>
    );
  }
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table
        size="small"
        aria-label={translate('resources.staff-management/permissions.name', { smart_count: 2 })}
        data-testid="permission-groups"
      >
        <TableHead>
          <TableRow>
            <TableCell sx={{ fontWeight: 700 }}>
              {translate('resources.staff-management/permissions.fields.name')}
            </TableCell>
            <TableCell sx={{ fontWeight: 700 }}>
              {translate('resources.staff-management/permissions.fields.action')}
            </TableCell>
            <TableCell sx={{ fontWeight: 700 }}>
              {translate('resources.staff-management/permissions.fields.roles')}
            </TableCell>
          </TableRow>
        </TableHead>
        {groups.map((group) => (
          <TableBody key={group.subject} data-testid={`permission-group-${group.subject}`}>
            <TableRow sx={{ bgcolor: 'action.hover' }}>
              <TableCell colSpan={3} component="th" scope="rowgroup">
                <Typography variant="subtitle2" component="span" sx={{ fontWeight: 700 }}>
                  {translate(`app.access.subjects.${group.subject}`, { _: group.label })}
                </Typography>
                <Typography variant="caption" color="text.secondary" sx={{ marginInlineStart: 1 }}>
                  {group.subject}
                </Typography>
              </TableCell>
            </TableRow>
            {group.permissions.map((permission) => (
              <TableRow key={permission.id} hover>
                <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{permission.name}</TableCell>
                <TableCell>
                  {translate(`app.access.roles.actions.${permission.action}`, { _: permission.action })}
                </TableCell>
                <TableCell>
                  {permission.roles.length === 0 ? (
                    <Typography variant="body2" color="text.secondary">
                      {translate('app.access.permissions.noRole')}
                    </Typography>
                  ) : (
                    <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', rowGap: 0.5 }}>
                      {permission.roles.map((role) => (
                        <Chip key={role} size="small" variant="outlined" label={role} />
                      ))}
                    </Stack>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        ))}
      </Table>
    </Box>
  );
}
