import { EditorForm } from '../../kit/EditorForm';
import LocalTaxiIcon from '@mui/icons-material/LocalTaxi';
import { Alert, Box, Typography } from '@mui/material';
import { NumberInput, TextInput, useTranslate, type SimpleFormProps } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { CITY } from '../../domain/city';
import { minimumFareWarning } from '../../domain/farePreview';
import { SEATS_MAX, SEATS_MIN } from '../../domain/resources/vehicleTypes';
import { vehicleTypes } from '../../domain/resources';
import { yupResolver } from '../../forms/yupResolver';
import { FieldRow } from '../../kit/DetailBlocks';
import { MoneyInput, PercentInput } from '../../kit/MoneyInput';
import { PhotoInput } from '../shared/PhotoInput';
import { VehicleTypeFarePreview } from './VehicleTypeFarePreview';

/** The trip service's own rules (src/domain/resources/vehicleTypes.ts); the form sends every field, as a create does. */
const resolver = yupResolver(vehicleTypes.create!);

/** A minimum fare below the base fare is allowed, but it never applies: said under the rates, not refused. */
function MinimumFareWarning() {
  const values = useWatch();
  const warning = minimumFareWarning(values);
  if (!warning) return null;
  return (
    <Alert severity="warning" sx={{ mb: 2, maxWidth: 720 }} data-testid="minimum-fare-warning">
      {warning}
    </Alert>
  );
}

/** The vehicle-type form (create and edit): details and rates on the left, the live fare preview on the right. */
export function VehicleTypeForm(props: Omit<SimpleFormProps, 'children'>) {
  const translate = useTranslate();
  return (
    <EditorForm resolver={resolver} reValidateMode="onChange" mode="onChange" noValidate {...props}>
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          width: '100%',
          gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 1fr) 440px' },
          alignItems: 'start',
        }}
      >
        <Box sx={{ minWidth: 0 }}>
          <PhotoInput
            source="icon"
            label={translate('app.vehicleTypes.icon')}
            uploadLabel="app.vehicleTypes.uploadIcon"
            changeLabel="app.vehicleTypes.changeIcon"
            fallbackIcon={LocalTaxiIcon}
          />
          <FieldRow>
            <TextInput source="name" isRequired />
            <NumberInput
              source="seats"
              isRequired
              min={SEATS_MIN}
              max={SEATS_MAX}
              step={1}
              helperText={`${SEATS_MIN}–${SEATS_MAX}`}
            />
          </FieldRow>
          <TextInput source="description" multiline minRows={2} sx={{ maxWidth: 720 }} />
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mt: 1 }}>
            {translate('app.vehicleTypes.rates')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1, maxWidth: 720 }}>
            {translate('app.vehicleTypes.ratesHint', { currency: CITY.currency })}
          </Typography>
          <FieldRow>
            <MoneyInput source="baseFare" isRequired />
            <MoneyInput source="minimumFare" isRequired />
          </FieldRow>
          <FieldRow>
            <MoneyInput source="pricePerKm" isRequired />
            <MoneyInput source="pricePerMinute" isRequired />
          </FieldRow>
          <MinimumFareWarning />
          <FieldRow>
            <MoneyInput source="cancellationFee" />
            <PercentInput source="commissionPercent" helperText="app.vehicleTypes.commissionHint" />
          </FieldRow>
        </Box>
        <Box sx={{ position: { lg: 'sticky' }, top: { lg: 80 }, minWidth: 0 }}>
          <VehicleTypeFarePreview />
        </Box>
      </Box>
    </EditorForm>
  );
}
