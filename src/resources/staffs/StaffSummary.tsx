import { Box, Chip, Divider, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useRecordContext, useTranslate } from 'react-admin';
import { DateTimeField } from '../../kit/DateTimeField';
import { FieldGrid, KeyValue, SectionCard } from '../../kit/DetailBlocks';
import { PhoneField } from '../../kit/PhoneField';
import { StatusChip } from '../../kit/StatusChip';
import { FileAvatar } from '../shared/FileAvatar';
import type { Staff } from './types';

/** A staff member's photo, names, role, status and contact details (detail page and read-only profile). */
export function StaffSummary({ actions }: { actions?: ReactNode }) {
  const translate = useTranslate();
  const staff = useRecordContext<Staff>();
  if (!staff) return null;
  const field = (name: string) => translate(`resources.staff-management/staffs.fields.${name}`);
  const name = staff.fullName ?? `${staff.firstName} ${staff.lastName}`;

  return (
    <SectionCard data-testid="staff-summary">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ xs: 'flex-start', sm: 'center' }}>
        <FileAvatar fileId={staff.photo} name={name} size={72} />
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
            {name}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ mt: 0.5, flexWrap: 'wrap', rowGap: 1 }}>
            {staff.roleName && <Chip size="small" variant="outlined" label={staff.roleName} />}
            <StatusChip palette="staffStatus" />
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
      <FieldGrid>
        <KeyValue label={field('email')}>{staff.email}</KeyValue>
        <KeyValue label={field('phone')}>
          <PhoneField source="phone" />
        </KeyValue>
        <KeyValue label={field('sex')}>{staff.sex ? translate(`app.enums.sex.${staff.sex}`) : '—'}</KeyValue>
        <KeyValue label={field('lastLoginAt')}>
          <DateTimeField source="lastLoginAt" emptyText={translate('app.access.staff.never')} />
        </KeyValue>
        <KeyValue label={field('emailVerifiedAt')}>
          <DateTimeField source="emailVerifiedAt" emptyText={translate('app.access.staff.notYet')} />
        </KeyValue>
        <KeyValue label={field('createdAt')}>
          <DateTimeField source="createdAt" />
        </KeyValue>
      </FieldGrid>
    </SectionCard>
  );
}
