import { Box, Card, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useRecordContext, useTranslate } from 'react-admin';
import { DateTimeField } from '../../kit/DateTimeField';
import { formatCount, formatMoney } from '../../kit/format';
import { RatingField } from '../../kit/RatingField';
import type { Passenger } from './types';

function Stat({ label, value, detail }: { label: string; value: ReactNode; detail?: ReactNode }) {
  return (
    <Card variant="outlined" sx={{ minWidth: 0 }}>
      <CardContent sx={{ py: 1.5, '&:last-child': { pb: 1.5 } }}>
        <Typography variant="caption" color="text.secondary" component="div">
          {label}
        </Typography>
        <Typography
          variant="h6"
          component="div"
          sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums', fontSize: '1.1rem', overflowWrap: 'anywhere' }}
        >
          {value}
        </Typography>
        {detail && (
          <Typography variant="caption" color="text.secondary" component="div">
            {detail}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}

const count = (n: number) => formatCount(n);
const percent = (rate: number) => `${(rate * 100).toFixed(1)}%`;

/** The passenger's trips, completions, cancellations (with the rate), money spent, rating and last trip. */
export function PassengerStatistics() {
  const translate = useTranslate();
  const p = useRecordContext<Passenger>();
  if (!p) return null;
  const t = (key: string, options?: object) => translate(`app.passengers.${key}`, options);
  return (
    <Box
      data-testid="passenger-statistics"
      role="group"
      aria-label={t('statistics')}
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: {
          xs: 'repeat(2, minmax(0, 1fr))',
          md: 'repeat(3, minmax(0, 1fr))',
          lg: 'repeat(6, minmax(0, 1fr))',
        },
      }}
    >
      <Stat label={t('trips')} value={count(p.tripsCount)} />
      <Stat label={t('completed')} value={count(p.completedTrips)} />
      <Stat
        label={t('cancellations')}
        value={count(p.passengerCancellations)}
        detail={p.cancellationRate !== null ? t('cancellationRate', { rate: percent(p.cancellationRate) }) : undefined}
      />
      <Stat label={t('totalSpent')} value={formatMoney(p.totalSpent)} />
      <Stat label={t('averageRating')} value={Number(p.rating).toFixed(2)} detail={<RatingField source="rating" />} />
      <Stat label={t('lastTrip')} value={p.lastTripAt ? <DateTimeField source="lastTripAt" relative /> : t('never')} />
    </Box>
  );
}
