import { BarPlot } from '@mui/x-charts/BarChart';
import { ChartsAxisHighlight } from '@mui/x-charts/ChartsAxisHighlight';
import { ChartsDataProvider } from '@mui/x-charts/ChartsDataProvider';
import { ChartsLegend } from '@mui/x-charts/ChartsLegend';
import { ChartsSurface } from '@mui/x-charts/ChartsSurface';
import { ChartsTooltip } from '@mui/x-charts/ChartsTooltip';
import { ChartsWrapper } from '@mui/x-charts/ChartsWrapper';
import { ChartsXAxis } from '@mui/x-charts/ChartsXAxis';
import { ChartsYAxis } from '@mui/x-charts/ChartsYAxis';
import { LinePlot, MarkPlot } from '@mui/x-charts/LineChart';
import { formatNumber } from '../format';

export interface ComboChartProps {
  /** The band axis labels (e.g. days). */
  labels: string[];
  bars: { label: string; data: number[]; format?: (v: number | null) => string };
  /** Drawn against its own axis on the right. */
  line?: { label: string; data: number[]; format?: (v: number | null) => string };
  height: number;
}

/**
 * Bars with a line on a second axis (e.g. trips per day and revenue), sharing one tooltip. The
 * legend and the tooltip are HTML: they sit in the wrapper, beside the SVG surface, not inside it.
 */
/** An axis tick in the panel's language: "12,500" (fr "12 500", "0,5"), not the chart library's English. */
const tick = (value: number) => formatNumber(value, {});

export default function ComboChart({ labels, bars, line, height }: ComboChartProps) {
  return (
    <ChartsDataProvider
      height={height}
      disableKeyboardNavigation
      xAxis={[{ id: 'x', scaleType: 'band', data: labels }]}
      yAxis={[
        { id: 'bars', position: 'left', width: 56, valueFormatter: tick },
        ...(line ? [{ id: 'line', position: 'right' as const, width: 72, valueFormatter: tick }] : []),
      ]}
      series={[
        { type: 'bar', data: bars.data, label: bars.label, yAxisId: 'bars', valueFormatter: bars.format },
        ...(line
          ? [
              {
                type: 'line' as const,
                data: line.data,
                label: line.label,
                yAxisId: 'line',
                valueFormatter: line.format,
                color: '#f57c00',
              },
            ]
          : []),
      ]}
    >
      <ChartsWrapper legendPosition={{ vertical: 'top', horizontal: 'end' }}>
        <ChartsLegend />
        <ChartsSurface>
          <ChartsAxisHighlight x="band" />
          <BarPlot />
          <LinePlot />
          <MarkPlot />
          <ChartsXAxis axisId="x" />
          <ChartsYAxis axisId="bars" />
          {line && <ChartsYAxis axisId="line" />}
        </ChartsSurface>
        <ChartsTooltip trigger="axis" />
      </ChartsWrapper>
    </ChartsDataProvider>
  );
}
