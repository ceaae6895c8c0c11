/** One column of a chart's data: its name and a value per category. */
export interface ChartColumn {
  label: string;
  values: readonly unknown[];
  format?: (value: number | null) => string;
}

const text = (value: unknown, format?: (value: number | null) => string): string => {
  if (format && (typeof value === 'number' || value === null)) return format(value);
  if (value instanceof Date) return value.toLocaleDateString();
  return value === null || value === undefined ? '—' : String(value);
};

/**
 * A chart's text alternative (WCAG 1.1.1): its data as a table that screen readers read and the
 * eye does not see — one row per category (day, slice), one column per series.
 */
export function ChartTable({
  categories,
  columns,
}: {
  categories: readonly unknown[];
  columns: readonly ChartColumn[];
}) {
  if (columns.length === 0 || categories.length === 0) return null;
  return (
    // The hiding box is a div: a table grows to its content whatever its width, and in a
    // right-to-left page that overflow widened the page to the left (the whole layout shifted).
    <div className="visually-hidden">
      <table data-testid="chart-table">
        {columns.some((column) => column.label !== '') && (
          <thead>
            <tr>
              <td />
              {columns.map((column) => (
                <th key={column.label} scope="col">
                  {column.label}
                </th>
              ))}
            </tr>
          </thead>
        )}
        <tbody>
          {categories.map((category, row) => (
            <tr key={row}>
              <th scope="row">{text(category)}</th>
              {columns.map((column) => (
                <td key={column.label}>{text(column.values[row], column.format)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

interface SeriesLike {
  label?: unknown;
  data?: readonly unknown[] | null;
  valueFormatter?: unknown;
}

/** The table of an MUI X line or bar chart: the first x axis's values and each labelled series. */
export function axisChartTable(
  xAxis: readonly { data?: readonly unknown[] }[] | undefined,
  series: readonly SeriesLike[],
) {
  const columns = series
    .filter((s) => typeof s.label === 'string' && Array.isArray(s.data))
    .map((s) => ({ label: s.label as string, values: s.data as readonly unknown[] }));
  return <ChartTable categories={xAxis?.[0]?.data ?? []} columns={columns} />;
}

/** The table of an MUI X pie: one row per slice. */
export function pieChartTable(series: readonly { data?: readonly { label?: unknown; value: number }[] }[]) {
  const slices = series[0]?.data ?? [];
  return (
    <ChartTable
      categories={slices.map((slice) => (typeof slice.label === 'string' ? slice.label : ''))}
      columns={[{ label: '', values: slices.map((slice) => slice.value) }]}
    />
  );
}
