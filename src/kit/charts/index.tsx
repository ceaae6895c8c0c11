/**
 * Charts: MUI X Charts (@mui/x-charts), MUI's own library, so charts take the panel's theme,
 * palette, typography and dark mode without glue. Each chart is its own lazy chunk, loaded the
 * first time a screen draws one (never part of /login), with a same-size skeleton meanwhile.
 */
import type { BarChartProps } from '@mui/x-charts/BarChart';
import type { LineChartProps } from '@mui/x-charts/LineChart';
import { lazy, Suspense } from 'react';
import { useTranslate } from 'react-admin';
import { ChartSkeleton } from './ChartSkeleton';

const LineChart = lazy(() => import('@mui/x-charts/LineChart').then((module) => ({ default: module.LineChart })));
const BarChart = lazy(() => import('@mui/x-charts/BarChart').then((module) => ({ default: module.BarChart })));

const DEFAULT_HEIGHT = 300;

type Sized<P> = P & { height?: number };

export function LazyLineChart({ height = DEFAULT_HEIGHT, ...props }: Sized<LineChartProps>) {
  const translate = useTranslate();
  return (
    <Suspense fallback={<ChartSkeleton height={height} label={translate('app.chart.loading')} />}>
      <LineChart height={height} {...props} />
    </Suspense>
  );
}

export function LazyBarChart({ height = DEFAULT_HEIGHT, ...props }: Sized<BarChartProps>) {
  const translate = useTranslate();
  return (
    <Suspense fallback={<ChartSkeleton height={height} label={translate('app.chart.loading')} />}>
      <BarChart height={height} {...props} />
    </Suspense>
  );
}
