import { Alert, Avatar, Box, Chip, Divider, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useRecordContext, useTranslate } from 'react-admin';
import { DateTimeField } from '../../kit/DateTimeField';
import { FieldGrid, KeyValue, SectionCard } from '../../kit/DetailBlocks';
import { formatDateTime } from '../../kit/format';
import { PhoneField } from '../../kit/PhoneField';
import { StatusChip } from '../../kit/StatusChip';
import { initials } from './PassengerNameField';
import type { Passenger } from './types';

/** The passenger's name, status, why they are blocked, and contact details. */
export function PassengerSummary({ actions }: { actions?: ReactNode }) {
  const translate = useTranslate();
  const passenger = useRecordContext<Passenger>();
  if (!passenger) return null;
  const field = (name: string) => translate(`resources.passenger-management/passengers.fields.${name}`);
  const name = passenger.fullName ?? `${passenger.firstName} ${passenger.lastName}`;
  const changed =
    passenger.statusChangedAt &&
    translate(passenger.status === 'blocked' ? 'app.passengers.blockedSince' : 'app.passengers.unblockedSince', {
      when: formatDateTime(passenger.statusChangedAt),
      who: passenger.statusChangedByName ?? translate('app.passengers.someone'),
    });

  return (
    <SectionCard data-testid="passenger-summary">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ xs: 'flex-start', sm: 'center' }}>
        <Avatar sx={{ width: 64, height: 64, fontSize: 24, bgcolor: 'primary.light' }} aria-hidden>
          {initials(name)}
        </Avatar>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography variant="h6" component="h2" sx={{ fontWeight: 700, wordBreak: 'break-word' }}>
            {name}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ mt: 0.5, flexWrap: 'wrap', rowGap: 1 }}>
            <StatusChip palette="passengerStatus" />
            {passenger.hasOpenIssue && (
              <Chip size="small" color="warning" variant="outlined" label={translate('app.passengers.openIssueChip')} />
            )}
          </Stack>
        </Box>
        {actions}
      </Stack>
      {passenger.status === 'blocked' && (
        <Alert severity="error" sx={{ mt: 2 }} data-testid="blocked-reason">
          {changed && <strong>{changed}: </strong>}
          {passenger.statusReason ?? '—'}
        </Alert>
      )}
      <Divider sx={{ my: 2 }} />
      <FieldGrid>
        <KeyValue label={field('phone')}>
          <PhoneField source="phone" />
        </KeyValue>
        <KeyValue label={field('email')}>{passenger.email ?? '—'}</KeyValue>
        <KeyValue label={field('sex')}>{passenger.sex ? translate(`app.enums.sex.${passenger.sex}`) : '—'}</KeyValue>
        <KeyValue label={field('createdAt')}>
          <DateTimeField source="createdAt" />
        </KeyValue>
        {passenger.status === 'active' && changed && (
          <KeyValue label={field('statusReason')}>
            {changed}: {passenger.statusReason}
          </KeyValue>
        )}
      </FieldGrid>
    </SectionCard>
  );
}
