import { Alert, MenuItem, TextField } from '@mui/material';
import { useState } from 'react';
import { useCanAccess, useGetList, useTranslate } from 'react-admin';
import type { DiscountRule } from '../../domain/fare';
import { discountedSampleFares, ratesFrom } from '../../domain/farePreview';
import { SectionCard } from '../../kit/DetailBlocks';
import { LoadingState } from '../../kit/States';
import { SampleFareTable } from '../shared/SampleFareTable';
import { vehicleTypes } from '../../domain/resources';
import type { VehicleType } from '../vehicle-types/types';

/** A discount on the three sample trips, priced as one vehicle type (Economy by default). */
export function DiscountPreview({ rule }: { rule: DiscountRule | undefined }) {
  const translate = useTranslate();
  const { canAccess } = useCanAccess({ resource: vehicleTypes.path, action: 'list' });
  const { data = [], isPending } = useGetList<VehicleType>(
    vehicleTypes.path,
    { pagination: { page: 1, perPage: 100 }, sort: { field: 'baseFare', order: 'ASC' }, filter: { active: true } },
    { enabled: canAccess === true },
  );
  const [chosen, setChosen] = useState<number>();
  const type = data.find((t) => t.id === chosen) ?? data.find((t) => t.name === 'Economy') ?? data[0];
  const rates = ratesFrom(type);
  return (
    <SectionCard
      title={translate('app.discounts.preview')}
      subheader={translate('app.discounts.previewHint')}
      data-testid="discount-preview"
      action={
        type && (
          <TextField
            select
            size="small"
            label={translate('app.discounts.previewWith')}
            value={type.id}
            onChange={(e) => setChosen(Number(e.target.value))}
            sx={{ minWidth: 140 }}
          >
            {data.map((t) => (
              <MenuItem key={t.id} value={t.id}>
                {t.name}
              </MenuItem>
            ))}
          </TextField>
        )
      }
    >
      {canAccess === false ? (
        <Alert severity="info">{translate('app.discounts.previewNoTypes')}</Alert>
      ) : isPending ? (
        <LoadingState />
      ) : !rule || !rates ? (
        <Alert severity="info">{translate('app.discounts.previewIncomplete')}</Alert>
      ) : (
        <SampleFareTable
          fares={discountedSampleFares(rates, rule)}
          savedLabel="app.discounts.fare"
          editedLabel="app.discounts.withDiscount"
        />
      )}
    </SectionCard>
  );
}
