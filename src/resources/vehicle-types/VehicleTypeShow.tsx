import LocalTaxiIcon from '@mui/icons-material/LocalTaxi';
import { Box, Stack, Typography } from '@mui/material';
import { Show, TopToolbar, useRecordContext, useTranslate } from 'react-admin';
import { ratesFrom, sampleFares } from '../../domain/farePreview';
import { DateTimeField } from '../../kit/DateTimeField';
import { FieldGrid, KeyValue, SectionCard } from '../../kit/DetailBlocks';
import { MoneyField } from '../../kit/MoneyField';
import { PercentField } from '../../kit/MoneyInput';
import { FileAvatar } from '../shared/FileAvatar';
import { EditRecordButton } from '../shared/RecordButtons';
import { SampleFareTable } from '../shared/SampleFareTable';
import type { VehicleType } from './types';
import { ActiveChip, ActiveToggleButton } from './VehicleTypeStatus';

function Actions() {
  return (
    <TopToolbar>
      <ActiveToggleButton />
      <EditRecordButton />
    </TopToolbar>
  );
}

function VehicleTypeDetails() {
  const translate = useTranslate();
  const vt = useRecordContext<VehicleType>();
  if (!vt) return null;
  const field = (name: string) => translate(`resources.vehicle-management/vehicles.fields.${name}`);
  return (
    <Stack spacing={2}>
      <SectionCard data-testid="vehicle-type-summary">
        <Stack direction="row" spacing={2} alignItems="center">
          <FileAvatar fileId={vt.icon} name={vt.name} size={72} fallbackIcon={LocalTaxiIcon} />
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h6" component="h2" sx={{ fontWeight: 700, wordBreak: 'break-word' }}>
              {vt.name}
            </Typography>
            <Stack direction="row" spacing={1} alignItems="center" sx={{ mt: 0.5 }}>
              <ActiveChip />
              <Typography variant="body2" color="text.secondary">
                {translate('app.vehicleTypes.seatsCount', { smart_count: vt.seats })}
              </Typography>
            </Stack>
            {vt.description && (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                {vt.description}
              </Typography>
            )}
          </Box>
        </Stack>
      </SectionCard>
      <SectionCard title={translate('app.vehicleTypes.rates')}>
        <FieldGrid>
          {(['baseFare', 'pricePerKm', 'pricePerMinute', 'minimumFare', 'cancellationFee'] as const).map((f) => (
            <KeyValue key={f} label={field(f)}>
              <MoneyField source={f} />
            </KeyValue>
          ))}
          <KeyValue label={field('commissionPercent')}>
            {vt.commissionPercent === null ? (
              translate('app.vehicleTypes.defaultCommission')
            ) : (
              <PercentField source="commissionPercent" />
            )}
          </KeyValue>
        </FieldGrid>
      </SectionCard>
      <SectionCard title={translate('app.vehicleTypes.counts')}>
        <FieldGrid>
          <KeyValue label={field('approvedDrivers')}>{vt.approvedDrivers}</KeyValue>
          <KeyValue label={field('driverCount')}>{vt.driverCount}</KeyValue>
          <KeyValue label={field('tripsLast7Days')}>{vt.tripsLast7Days}</KeyValue>
          <KeyValue label={field('updatedAt')}>
            <DateTimeField source="updatedAt" relative />
          </KeyValue>
        </FieldGrid>
      </SectionCard>
      <SectionCard title={translate('app.farePreview.title')}>
        <SampleFareTable fares={sampleFares(ratesFrom(vt), undefined)} />
      </SectionCard>
    </Stack>
  );
}

/** /vehicle-management/vehicles/:id: the type, its rates, how much it is used, and its sample fares. */
export default function VehicleTypeShow() {
  return (
    <Show<VehicleType> actions={<Actions />} component="div">
      <VehicleTypeDetails />
    </Show>
  );
}
