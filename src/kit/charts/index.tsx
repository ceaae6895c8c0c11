/**
 * Charts: MUI X Charts (@mui/x-charts), MUI's own library, so charts take the panel's theme,
 * palette, typography and dark mode without glue. Each chart is its own lazy chunk, loaded the
 * first time a screen draws one (never part of /login), with a same-size skeleton meanwhile.
 *
 * Keyboard navigation of MUI X charts is turned off: it adds an unnamed Tab stop per chart (an
 * empty `role="none"` layer), and every chart already gives its data to screen readers and
 * keyboard users as a visually hidden table (ChartTable).
 */
import type { BarChartProps } from '@mui/x-charts/BarChart';
import type { LineChartProps } from '@mui/x-charts/LineChart';
import type { PieChartProps } from '@mui/x-charts/PieChart';
import type { ComboChartProps } from './ComboChart';
import type { HeatMapProps } from './HeatMap';
import { lazy, Suspense } from 'react';
import { useTranslate } from 'react-admin';
import { ChartSkeleton } from './ChartSkeleton';
import { axisChartTable, ChartTable, pieChartTable } from './ChartTable';

const LineChart = lazy(() => import('@mui/x-charts/LineChart').then((module) => ({ default: module.LineChart })));
const PieChart = lazy(() => import('@mui/x-charts/PieChart').then((module) => ({ default: module.PieChart })));
const ComboChart = lazy(() => import('./ComboChart'));
const HeatMap = lazy(() => import('./HeatMap'));
const BarChart = lazy(() => import('@mui/x-charts/BarChart').then((module) => ({ default: module.BarChart })));

const DEFAULT_HEIGHT = 300;

type Sized<P> = P & { height?: number };

export function LazyLineChart({ height = DEFAULT_HEIGHT, ...props }: Sized<LineChartProps>) {
  const translate = useTranslate();
  return (
    <Suspense fallback={<ChartSkeleton height={height} label={translate('app.chart.loading')} />}>
      <LineChart height={height} disableKeyboardNavigation {...props} />
      {axisChartTable(props.xAxis, props.series)}
    </Suspense>
  );
}

export function LazyBarChart({ height = DEFAULT_HEIGHT, ...props }: Sized<BarChartProps>) {
  const translate = useTranslate();
  return (
    <Suspense fallback={<ChartSkeleton height={height} label={translate('app.chart.loading')} />}>
      <BarChart height={height} disableKeyboardNavigation {...props} />
      {axisChartTable(props.xAxis, props.series)}
    </Suspense>
  );
}

/** A pie; give the series an innerRadius for a donut. */
export function LazyPieChart({ height = DEFAULT_HEIGHT, ...props }: Sized<PieChartProps>) {
  const translate = useTranslate();
  return (
    <Suspense fallback={<ChartSkeleton height={height} label={translate('app.chart.loading')} />}>
      <PieChart height={height} disableKeyboardNavigation {...props} />
      {pieChartTable(props.series)}
    </Suspense>
  );
}

/** Bars with a line on a second axis (e.g. trips and revenue per day). */
export function LazyComboChart({
  height = DEFAULT_HEIGHT,
  ...props
}: Omit<ComboChartProps, 'height'> & { height?: number }) {
  const translate = useTranslate();
  return (
    <Suspense fallback={<ChartSkeleton height={height} label={translate('app.chart.loading')} />}>
      <ComboChart height={height} {...props} />
      <ChartTable
        categories={props.labels}
        columns={[
          { label: props.bars.label, values: props.bars.data, format: props.bars.format },
          ...(props.line ? [{ label: props.line.label, values: props.line.data, format: props.line.format }] : []),
        ]}
      />
    </Suspense>
  );
}

/** A rows × columns grid shaded by value, e.g. demand by weekday and hour. */
export function LazyHeatMap({ height = DEFAULT_HEIGHT, ...props }: Omit<HeatMapProps, 'height'> & { height?: number }) {
  const translate = useTranslate();
  return (
    <Suspense fallback={<ChartSkeleton height={height} label={translate('app.chart.loading')} />}>
      <HeatMap height={height} {...props} />
    </Suspense>
  );
}
