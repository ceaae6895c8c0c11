import { Alert, Box, Divider, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { discounts } from '../../domain/resources';
import { fareSummary, type FareLine, type FareTrip } from '../../domain/fareBreakdown';
import { formatDecimal, formatMoney } from '../../kit/format';
import { GuardedLink } from '../../kit/LinkedRecordField';
import { showPath } from '../shared/recordPaths';

function Row({
  label,
  amount,
  strong = false,
  testId,
}: {
  label: React.ReactNode;
  amount: number;
  strong?: boolean;
  testId?: string;
}) {
  return (
    <Box
      sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.25, fontWeight: strong ? 700 : 400 }}
      data-testid={testId}
    >
      <Typography variant="body2" component="span" sx={{ fontWeight: 'inherit' }}>
        {label}
      </Typography>
      <Typography
        variant="body2"
        component="span"
        sx={{ fontWeight: 'inherit', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
      >
        {formatMoney(amount)}
      </Typography>
    </Box>
  );
}

/**
 * The fare line by line (base, distance, time, surge with its multiplier, minimum-fare top-up,
 * discount with its code), the total under a rule, then what was charged, the commission and what
 * the driver earned. The lines visibly add up; a stored total that does not is flagged.
 */
export function FareBreakdown({ trip, paymentLabel }: { trip: FareTrip; paymentLabel: string }) {
  const translate = useTranslate();
  const s = fareSummary(trip);
  const label = (line: FareLine): React.ReactNode => {
    switch (line.key) {
      case 'distance':
        return translate('app.trips.fare.distance', { km: formatDecimal(trip.distanceKm) });
      case 'time':
        return translate('app.trips.fare.time', { min: formatDecimal(trip.durationMin) });
      case 'surge':
        return translate('app.trips.fare.surge', { multiplier: formatDecimal(trip.surgeMultiplier) });
      case 'discount':
        return (
          <>
            {translate('app.trips.fare.discount')}
            {trip.discountCode && (
              <>
                {' '}
                {trip.discountId !== null ? (
                  <GuardedLink resource={discounts.path} to={showPath(discounts.path, trip.discountId)}>
                    {trip.discountCode}
                  </GuardedLink>
                ) : (
                  trip.discountCode
                )}
              </>
            )}
          </>
        );
      default:
        return translate(`app.trips.fare.${line.key}`);
    }
  };
  return (
    <Box data-testid="fare-breakdown">
      {s.estimate && (
        <Typography variant="caption" color="text.secondary" component="div" sx={{ mb: 0.5 }}>
          {translate('app.trips.fare.estimate')}
        </Typography>
      )}
      {s.lines.map((line) => (
        <Row key={line.key} label={label(line)} amount={line.amount} testId={`fare-${line.key}`} />
      ))}
      <Divider sx={{ my: 0.5 }} />
      <Row label={translate('app.trips.fare.total')} amount={s.total} strong testId="fare-total" />
      {!s.addsUp && (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {translate('app.trips.fare.mismatch', { sum: formatMoney(s.sum) })}
        </Alert>
      )}
      <Divider sx={{ my: 1 }} />
      <Row
        label={`${translate('app.trips.fare.charged')} (${translate(`app.trips.fare.chargedAs.${s.chargedAs}`)})`}
        amount={s.charged}
        testId="fare-charged"
      />
      <Row
        label={translate('app.trips.fare.commission')}
        amount={s.commission > 0 ? -s.commission : 0}
        testId="fare-commission"
      />
      <Divider sx={{ my: 0.5 }} />
      <Row
        label={translate('app.trips.fare.driverEarnings')}
        amount={s.driverEarnings}
        strong
        testId="fare-driver-earnings"
      />
      <Box sx={{ display: 'flex', justifyContent: 'space-between', mt: 1 }}>
        <Typography variant="body2" color="text.secondary">
          {translate('app.trips.fare.paymentMethod')}
        </Typography>
        <Typography variant="body2">{paymentLabel}</Typography>
      </Box>
    </Box>
  );
}
