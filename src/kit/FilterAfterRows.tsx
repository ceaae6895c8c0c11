import { cloneElement, type ReactElement } from 'react';
import Box from '@mui/material/Box';
import { useAfterFirstRender } from './AfterFirstPaint';

export interface FilterAfterRowsProps {
  /** The filter's field, read by the filter form from this element (as `alwaysOn`). */
  source: string;
  alwaysOn?: boolean;
  /** The input's width, held by its outline until it draws (no shift of the bar or the table). */
  width: number;
  /** No outline (a switch has none): only its space is kept. */
  bare?: boolean;
  children: ReactElement;
}

/**
 * A list filter drawn in the render right after the list's first (React's deferred render): the
 * rows come first. Six selectors in the trips list's bar took about 200 ms of a 700 ms opening
 * on a 2-core machine (docs/performance.md). The filter form's props (resource, size, …) go to
 * the input; until it draws, an empty outline of its size keeps its place.
 */
export function FilterAfterRows({
  source: _source,
  alwaysOn: _alwaysOn,
  width,
  bare,
  children,
  ...formProps
}: FilterAfterRowsProps) {
  const drawn = useAfterFirstRender();
  if (drawn) return cloneElement(children, formProps);
  return (
    <Box
      aria-hidden
      data-testid="filter-outline"
      // A small outlined input: 40 px, 8 px above it for its label, 4 below.
      sx={{
        width,
        minWidth: width,
        height: 40,
        mt: 1,
        mb: 0.5,
        border: bare ? 0 : 1,
        borderColor: 'divider',
        borderRadius: 1,
      }}
    />
  );
}
