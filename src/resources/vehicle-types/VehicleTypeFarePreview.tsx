import { Alert } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { ratesFrom, sampleFares } from '../../domain/farePreview';
import { SectionCard } from '../../kit/DetailBlocks';
import { SampleFareTable } from '../shared/SampleFareTable';
import type { VehicleType } from './types';

/**
 * Beside the vehicle-type form: the sample trips at the saved rates and at the rates being typed,
 * recomputed on every keystroke with the server's own fare code.
 */
export function VehicleTypeFarePreview() {
  const translate = useTranslate();
  const saved = useRecordContext<VehicleType>();
  const values = useWatch();
  const edited = ratesFrom(values);
  const fares = sampleFares(ratesFrom(saved), edited);
  return (
    <SectionCard
      title={translate('app.farePreview.title')}
      subheader={translate('app.farePreview.subtitle')}
      data-testid="fare-preview"
    >
      {!edited && (
        <Alert severity="info" sx={{ mb: 1 }}>
          {translate('app.farePreview.incomplete')}
        </Alert>
      )}
      {!saved && edited && (
        <Alert severity="info" sx={{ mb: 1 }}>
          {translate('app.farePreview.newType')}
        </Alert>
      )}
      <SampleFareTable fares={fares} />
    </SectionCard>
  );
}
