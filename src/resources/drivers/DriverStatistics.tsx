import { TRIP_UPDATED, type TripUpdatedEvent } from '../../domain/tripEvents';
import { Card, CardContent, Skeleton, Tooltip, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { useQueryModule } from '../../dataProviders/useQueryModule';
import { formatDateTime, DATE_ONLY, formatMoney, formatPercent } from '../../kit/format';
import { useSocketEvent } from '../../realtime/RealtimeProvider';
import { QUERIES } from '../../dataProviders/calls';

/** One figure of the driver's page: a caption and a large value (red when negative), with an optional hint on hover. */
export function Stat({
  label,
  value,
  negative = false,
  hint,
}: {
  label: string;
  value: ReactNode;
  negative?: boolean;
  hint?: string;
}) {
  const figure = (
    <Typography
      variant="h6"
      component="p"
      color={negative ? 'error' : undefined}
      sx={{ fontVariantNumeric: 'tabular-nums' }}
    >
      {value}
    </Typography>
  );
  return (
    <Card>
      <CardContent>
        <Typography variant="caption" color="text.secondary">
          {label}
        </Typography>
        {hint ? <Tooltip title={hint}>{figure}</Tooltip> : figure}
      </CardContent>
    </Card>
  );
}

interface PeriodFigures {
  from: string;
  to: string;
  trips: number;
  completed: number;
  earnings: number;
}

export interface DriverStatisticsAnswer {
  week: PeriodFigures;
  month: PeriodFigures;
  last30Days: {
    from: string;
    to: string;
    given: number;
    cancelledByDriver: number;
    cancellationRate: number | null;
    offersAccepted: number;
    offersDeclined: number;
    offersTimedOut: number;
    acceptanceRate: number | null;
  };
}

const day = (value: string) => formatDateTime(`${value}T12:00:00Z`, DATE_ONLY) ?? value;

/**
 * The driver's earnings this week and this month (city time) and cancellation rate over 30 days
 * (`GET /api/trip/drivers/statistics`), refreshed when one of the driver's trips changes.
 */
export function DriverStatistics({ driverId }: { driverId: number }) {
  const translate = useTranslate();
  const { data, isPending, error, refetch } = useQueryModule(
    QUERIES.drivers.statistics,
    { driverId },
    // A side figure: one more attempt, then the cards say it failed (the page itself is loaded).
    { retry: 1 },
  );
  useSocketEvent<TripUpdatedEvent>(TRIP_UPDATED, (event) => {
    if (event.driverId === driverId) void refetch();
  });
  const value = (render: (d: DriverStatisticsAnswer) => string) =>
    isPending ? <Skeleton width={96} /> : data ? render(data) : '—';
  const failed = error ? translate('app.drivers.statsFailed') : undefined;
  const earned = (period: PeriodFigures) =>
    translate('app.drivers.earnedHint', {
      from: day(period.from),
      to: day(period.to),
      smart_count: period.completed,
    });
  return (
    <>
      <Stat
        label={translate('app.drivers.earningsWeek')}
        value={value((d) => formatMoney(d.week.earnings) ?? '—')}
        negative={Boolean(data && data.week.earnings < 0)}
        hint={failed ?? (data && earned(data.week))}
      />
      <Stat
        label={translate('app.drivers.earningsMonth')}
        value={value((d) => formatMoney(d.month.earnings) ?? '—')}
        negative={Boolean(data && data.month.earnings < 0)}
        hint={failed ?? (data && earned(data.month))}
      />
      <Stat
        label={translate('app.drivers.cancellationRate')}
        value={value((d) =>
          d.last30Days.cancellationRate === null ? '—' : (formatPercent(d.last30Days.cancellationRate * 100) ?? '—'),
        )}
        hint={
          failed ??
          (data &&
            translate('app.drivers.cancellationHint', {
              cancelled: data.last30Days.cancelledByDriver,
              smart_count: data.last30Days.given,
            }))
        }
      />
      <Stat
        label={translate('app.drivers.acceptanceRate')}
        value={value((d) =>
          d.last30Days.acceptanceRate === null ? '—' : (formatPercent(d.last30Days.acceptanceRate * 100) ?? '—'),
        )}
        hint={
          failed ??
          (data &&
            translate('app.drivers.acceptanceHint', {
              accepted: data.last30Days.offersAccepted,
              smart_count:
                data.last30Days.offersAccepted + data.last30Days.offersDeclined + data.last30Days.offersTimedOut,
            }))
        }
      />
    </>
  );
}
