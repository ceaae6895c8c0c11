import { forwardRef, memo, useMemo } from 'react';
import { DataTableBody, DataTableDataContext, useDataTableDataContext, type DataTableBodyProps } from 'react-admin';
import { useAfterFirstRender } from './AfterFirstPaint';

/** The rows a list draws with its first render: the trips list shows 10 of them in a 900-px-high window. */
export const FIRST_ROWS = 12;

/**
 * Every DataTable's body (set once in the theme): when a list opens, its first FIRST_ROWS rows
 * are drawn with the page and the rest, below the fold, in the render right after (React's
 * deferred render). A trips row costs ~6.5 ms to draw on a 2-core machine: drawing 12 of 25 first
 * brought the first row from ~456 to ~380 ms (docs/performance.md). Later pages and updates of a
 * mounted list draw every row at once.
 */
export const RowsFirstBody = memo(
  forwardRef<HTMLTableSectionElement, DataTableBodyProps>(function RowsFirstBody(props, ref) {
    const data = useDataTableDataContext();
    const all = useAfterFirstRender();
    const rows = useMemo(() => (all ? data : data?.slice(0, FIRST_ROWS)), [all, data]);
    return (
      <DataTableDataContext.Provider value={rows}>
        <DataTableBody ref={ref} {...props} />
      </DataTableDataContext.Provider>
    );
  }),
);
