import { render, screen, waitFor } from '@testing-library/react';
import { AdminContext } from 'react-admin';
import { afterEach, describe, expect, it } from 'vitest';
import { i18nProvider } from '../../src/i18n/i18nProvider';
import { LazyBarChart, LazyComboChart, LazyLineChart, LazyPieChart } from '../../src/kit/charts';

const DAYS = ['Mon', 'Tue', 'Wed'];
/** The chart itself, not its text alternative (a visually hidden table of the same data). */
const drawn = { ignore: 'script, style, [data-testid="chart-table"] *' };

describe('lazy charts', () => {
  it('shows a same-size skeleton while the bar chart loads, then the bars with their axis labels', async () => {
    render(
      <AdminContext i18nProvider={i18nProvider}>
        <LazyBarChart
          width={480}
          height={240}
          xAxis={[{ scaleType: 'band', data: DAYS }]}
          series={[{ data: [12, 30, 18], label: 'Trips' }]}
        />
      </AdminContext>,
    );
    const skeleton = screen.getByRole('progressbar', { name: 'Loading the chart' });
    expect(skeleton).toHaveStyle({ height: '240px' });

    for (const day of DAYS) expect(await screen.findByText(day, drawn)).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: 'Loading the chart' })).not.toBeInTheDocument();
    // One bar element per day.
    expect(document.querySelectorAll('.MuiBarChart-element')).toHaveLength(3);
  });

  it('draws a line chart with its series legend', async () => {
    render(
      <AdminContext i18nProvider={i18nProvider}>
        <LazyLineChart
          width={480}
          height={240}
          xAxis={[{ scaleType: 'point', data: DAYS }]}
          series={[{ data: [1200, 900, 1500], label: 'Revenue' }]}
        />
      </AdminContext>,
    );
    expect(await screen.findByText('Revenue', drawn)).toBeInTheDocument();
    expect(await screen.findByText('Wed', drawn)).toBeInTheDocument();
  });

  it('names the bars and the line of a combined chart in a legend outside the SVG (a browser draws no HTML inside it)', async () => {
    render(
      <AdminContext i18nProvider={i18nProvider}>
        <LazyComboChart
          labels={DAYS}
          bars={{ label: 'Trips', data: [12, 30, 18] }}
          line={{ label: 'Net fares', data: [1200, 900, 1500] }}
          height={240}
        />
      </AdminContext>,
    );
    for (const series of ['Trips', 'Net fares']) {
      const entry = await screen.findByText(series, drawn);
      expect(entry.closest('svg')).toBeNull();
    }
  });

  it('gives each chart its data as a table for screen readers (WCAG 1.1.1)', async () => {
    render(
      <AdminContext i18nProvider={i18nProvider}>
        <LazyComboChart
          labels={DAYS}
          bars={{ label: 'Trips', data: [12, 30, 18] }}
          line={{ label: 'Net fares', data: [1200, 900, 1500], format: (v) => `KES ${v}` }}
          height={240}
        />
      </AdminContext>,
    );
    const table = await screen.findByRole('table');
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Trips', 'Net fares']);
    expect(screen.getByRole('rowheader', { name: 'Tue' }).closest('tr')).toHaveTextContent('Tue30KES 900');
    // Hidden by its box (a table grows to its content, whatever its width).
    expect(table.parentElement).toHaveClass('visually-hidden');
  });
});

describe('lazy charts and the Tab key', () => {
  const charts = {
    bar: (
      <LazyBarChart
        width={480}
        height={240}
        xAxis={[{ scaleType: 'band', data: DAYS }]}
        series={[{ data: [1, 2, 3], label: 'Trips' }]}
      />
    ),
    line: (
      <LazyLineChart
        width={480}
        height={240}
        xAxis={[{ scaleType: 'point', data: DAYS }]}
        series={[{ data: [1, 2, 3], label: 'Trips' }]}
      />
    ),
    pie: <LazyPieChart width={480} height={240} series={[{ data: [{ id: 1, value: 3, label: 'Cash' }] }]} />,
    combo: <LazyComboChart labels={DAYS} bars={{ label: 'Trips', data: [1, 2, 3] }} height={240} />,
  };

  it.each(Object.entries(charts))(
    'adds no unnamed tab stop to the page (%s chart; its data is in the hidden table)',
    async (_name, chart) => {
      render(<AdminContext i18nProvider={i18nProvider}>{chart}</AdminContext>);
      await screen.findByRole('table');
      await waitFor(() => expect(document.querySelector('svg')).not.toBeNull());
      expect(document.querySelectorAll('[tabindex="0"], svg[tabindex]')).toHaveLength(0);
    },
  );
});

describe('a combined chart’s axes in the panel’s language', () => {
  afterEach(() => i18nProvider.changeLocale('en'));

  const ticks = async () => {
    await waitFor(() => expect(document.querySelectorAll('.MuiChartsAxis-tickLabel').length).toBeGreaterThan(4));
    return [...document.querySelectorAll('.MuiChartsAxis-tickLabel')].map((t) => t.textContent ?? '');
  };
  const chart = (
    <AdminContext i18nProvider={i18nProvider}>
      <LazyComboChart
        labels={DAYS}
        bars={{ label: 'Trips', data: [1200, 3400, 2500] }}
        line={{ label: 'Net fares', data: [0.2, 0.9, 1.4] }}
        height={240}
      />
    </AdminContext>
  );

  it('writes French digit groups and decimal commas (the revenue report’s and the dashboard’s chart)', async () => {
    await i18nProvider.changeLocale('fr');
    render(chart);
    const labels = (await ticks()).map((t) => t.replace(/\s/g, ' '));
    expect(labels).toEqual(expect.arrayContaining(['1 000', '3 000', '0,5', '1,5']));
    expect(labels.join('|')).not.toMatch(/\d,\d{3}|\d\.\d/);
  });

  it('keeps English as it was: "1,000" and "0.5"', async () => {
    render(chart);
    expect(await ticks()).toEqual(expect.arrayContaining(['1,000', '3,000', '0.5', '1.5']));
  });
});
