import { Box, Card, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import type { DatePreset } from '../../domain/dateRange';
import { P } from '../../domain/permissionNames';
import { useQueryModule } from '../../dataProviders/useQueryModule';
import { LazyComboChart, LazyHeatMap, LazyLineChart, LazyPieChart } from '../../kit/charts';
import { ChartSkeleton } from '../../kit/charts/ChartSkeleton';
import { formatCalendarDay, formatCount, formatMoney } from '../../kit/format';
import { EmptyState, ErrorState } from '../../kit/States';
import { QUERIES } from '../../dataProviders/calls';

const HEIGHT = 260;

export interface Daily {
  revenue: boolean;
  buckets: { bucket: string; requested: number; completed: number; grossFares?: number }[];
}
export interface Growth {
  series: ('drivers' | 'passengers')[];
  months: Record<string, number | string>[];
}
export interface ByType {
  types: { vehicleTypeId: number; name: string; requested: number }[];
}
export interface Heat {
  cells: number[][];
  max: number;
}

const shortDay = (day: string) => formatCalendarDay(day, { day: 'numeric', month: 'short' }) ?? day;
const shortMonth = (day: string) => formatCalendarDay(day, { month: 'short', year: 'numeric' }) ?? day;
const count = (v: number | null) => (v === null ? '' : formatCount(v));
const money = (v: number | null) => (v === null ? '' : (formatMoney(v) ?? ''));

/** One chart's frame: title, then a skeleton, an error, an empty state or the chart. */
function ChartCard(props: {
  title: string;
  query: { isPending: boolean; isError: boolean; refetch: () => unknown };
  empty: boolean;
  emptyText?: string;
  children: () => ReactNode;
  testId: string;
}) {
  const translate = useTranslate();
  const { query } = props;
  return (
    <Card variant="outlined" data-testid={props.testId}>
      <CardContent>
        <Typography variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
          {props.title}
        </Typography>
        {query.isPending ? (
          <ChartSkeleton height={HEIGHT} label={translate('app.chart.loading')} />
        ) : query.isError ? (
          <ErrorState message={translate('app.insights.loadError')} onRetry={() => query.refetch()} />
        ) : props.empty ? (
          <Box sx={{ height: HEIGHT, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
            <EmptyState message={props.emptyText ?? translate('app.insights.charts.empty')} />
          </Box>
        ) : (
          props.children()
        )}
      </CardContent>
    </Card>
  );
}

/**
 * The dashboard's charts, each its own request and lazy chunk; a single day widens to the last 7.
 * They ask only once the cards have their figures (`ready`), so the cards come first.
 */
export function DashboardCharts({
  preset,
  permissions,
  ready,
}: {
  preset: DatePreset;
  permissions: string[];
  ready: boolean;
}) {
  const translate = useTranslate();
  const seesTrips = permissions.includes(P.viewTrip);
  const seesGrowth = permissions.includes(P.viewDriver) || permissions.includes(P.viewPassenger);
  const chartPreset = preset === 'today' || preset === 'yesterday' ? 'last7days' : preset;
  const daily = useQueryModule(
    QUERIES.dashboard['daily-trips'],
    { preset: chartPreset },
    { enabled: seesTrips && ready },
  );
  const byType = useQueryModule(
    QUERIES.dashboard['trips-by-vehicle-type'],
    { preset: chartPreset },
    { enabled: seesTrips && ready },
  );
  const heat = useQueryModule(
    QUERIES.dashboard['demand-heatmap'],
    { preset: chartPreset },
    { enabled: seesTrips && ready },
  );
  const growth = useQueryModule(QUERIES.dashboard.growth, {}, { enabled: seesGrowth && ready });
  const weekdays = translate('app.insights.weekdays').split(',');
  const hours = Array.from({ length: 24 }, (_, h) => String(h).padStart(2, '0'));
  const t = (key: string) => translate(`app.insights.charts.${key}`);

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
      {seesTrips && (
        <ChartCard
          title={t('daily')}
          testId="chart-daily"
          query={daily}
          empty={!daily.data?.buckets.some((b) => b.requested > 0)}
        >
          {() => (
            <LazyComboChart
              height={HEIGHT}
              labels={daily.data!.buckets.map((b) => shortDay(b.bucket))}
              bars={{ label: t('trips'), data: daily.data!.buckets.map((b) => b.requested), format: count }}
              line={
                daily.data!.revenue
                  ? { label: t('revenue'), data: daily.data!.buckets.map((b) => b.grossFares ?? 0), format: money }
                  : undefined
              }
            />
          )}
        </ChartCard>
      )}
      {seesGrowth && (
        <ChartCard
          title={t('growth')}
          testId="chart-growth"
          query={growth}
          empty={!growth.data?.months.length}
          emptyText={t('emptyGrowth')}
        >
          {() => {
            const g = growth.data!;
            const series = g.series.flatMap((s) => {
              const key = s === 'drivers' ? 'Drivers' : 'Passengers';
              return [
                { data: g.months.map((m) => Number(m[s])), label: t(s), valueFormatter: count, yAxisId: s },
                {
                  data: g.months.map((m) => Number(m[`new${key}`])),
                  label: t(`new${key}`),
                  valueFormatter: count,
                  yAxisId: s,
                  area: true,
                },
              ];
            });
            return (
              <LazyLineChart
                height={HEIGHT}
                xAxis={[{ scaleType: 'point', data: g.months.map((m) => shortMonth(String(m.month))) }]}
                yAxis={g.series.map((s, i) => ({ id: s, position: i === 0 ? 'left' : 'right', width: 56 }))}
                series={series}
              />
            );
          }}
        </ChartCard>
      )}
      {seesTrips && (
        <ChartCard
          title={t('byVehicleType')}
          testId="chart-vehicle-types"
          query={byType}
          empty={!byType.data?.types.length}
        >
          {() => (
            <LazyPieChart
              height={HEIGHT}
              series={[
                {
                  innerRadius: 60,
                  paddingAngle: 1,
                  cornerRadius: 3,
                  valueFormatter: (v) => `${count(v.value)} ${t('trips').toLowerCase()}`,
                  data: byType.data!.types.map((x) => ({ id: x.vehicleTypeId, value: x.requested, label: x.name })),
                },
              ]}
            />
          )}
        </ChartCard>
      )}
      {seesTrips && (
        <ChartCard title={t('heatmap')} testId="chart-heatmap" query={heat} empty={!heat.data?.max}>
          {() => (
            <LazyHeatMap
              height={HEIGHT}
              rows={weekdays}
              columns={hours}
              cells={heat.data!.cells}
              describe={(r, c, value) =>
                translate('app.insights.charts.heatCell', {
                  day: weekdays[r],
                  hour: hours[c],
                  count: count(value),
                  smart_count: value,
                })
              }
            />
          )}
        </ChartCard>
      )}
    </Box>
  );
}
