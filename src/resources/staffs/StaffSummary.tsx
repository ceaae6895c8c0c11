import { Box, Card, CardContent, Chip, Divider, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { DateField, useRecordContext, useTranslate } from 'react-admin';
import { FileAvatar } from '../shared/FileAvatar';
import { StatusChip } from '../shared/StatusChip';
import type { Staff } from './types';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="body2" component="div" sx={{ wordBreak: 'break-word' }}>
        {children}
      </Typography>
    </Box>
  );
}

/** A staff member's photo, names, role, status and contact details (detail page and read-only profile). */
export function StaffSummary({ actions }: { actions?: ReactNode }) {
  const translate = useTranslate();
  const staff = useRecordContext<Staff>();
  if (!staff) return null;
  const field = (name: string) => translate(`resources.staff-management/staffs.fields.${name}`);
  const name = staff.fullName ?? `${staff.firstName} ${staff.lastName}`;

  return (
    <Card data-testid="staff-summary">
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ xs: 'flex-start', sm: 'center' }}>
          <FileAvatar fileId={staff.photo} name={name} size={72} />
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
            <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
              {name}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ mt: 0.5, flexWrap: 'wrap', rowGap: 1 }}>
              {staff.roleName && <Chip size="small" variant="outlined" label={staff.roleName} />}
              <StatusChip source="status" />
              {!staff.emailVerifiedAt && (
                <Chip
                  size="small"
                  color="warning"
                  variant="outlined"
                  label={translate('app.access.staff.invitationPending')}
                />
              )}
            </Stack>
          </Box>
          {actions}
        </Stack>
        <Divider sx={{ my: 2 }} />
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' },
          }}
        >
          <Detail label={field('email')}>{staff.email}</Detail>
          <Detail label={field('phone')}>{staff.phone || '—'}</Detail>
          <Detail label={field('sex')}>{staff.sex ? translate(`app.access.staff.sexes.${staff.sex}`) : '—'}</Detail>
          <Detail label={field('lastLoginAt')}>
            {staff.lastLoginAt ? <DateField source="lastLoginAt" showTime /> : translate('app.access.staff.never')}
          </Detail>
          <Detail label={field('emailVerifiedAt')}>
            {staff.emailVerifiedAt ? (
              <DateField source="emailVerifiedAt" showTime />
            ) : (
              translate('app.access.staff.notYet')
            )}
          </Detail>
          <Detail label={field('createdAt')}>
            <DateField source="createdAt" showTime />
          </Detail>
        </Box>
      </CardContent>
    </Card>
  );
}
