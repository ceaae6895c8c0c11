import { Box, Tooltip, Typography } from '@mui/material';

export interface HeatMapProps {
  /** Row labels, top to bottom. */
  rows: string[];
  /** Column labels, left to right. */
  columns: string[];
  /** cells[row][column]. */
  cells: number[][];
  /** How a cell reads on hover, e.g. "Tue 08:00 · 1,204 trips". */
  describe: (row: number, column: number, value: number) => string;
  height: number;
}

/**
 * A grid of cells shaded by value (MUI X's heat map is a paid one). Each cell names its value on
 * hover and to screen readers; the darkest cell is the largest value.
 */
export default function HeatMap({ rows, columns, cells, describe, height }: HeatMapProps) {
  const max = Math.max(1, ...cells.flat());
  const cellHeight = Math.max(14, Math.floor((height - 24) / rows.length));
  return (
    <Box role="table" sx={{ overflowX: 'auto' }}>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: `40px repeat(${columns.length}, minmax(14px, 1fr))`,
          gap: '2px',
          minWidth: 40 + columns.length * 16,
        }}
      >
        {rows.map((row, r) => (
          <Box key={row} role="row" sx={{ display: 'contents' }}>
            <Typography role="rowheader" variant="caption" sx={{ lineHeight: `${cellHeight}px` }}>
              {row}
            </Typography>
            {columns.map((_, c) => {
              const value = cells[r]?.[c] ?? 0;
              const label = describe(r, c, value);
              return (
                <Tooltip key={c} title={label} disableInteractive>
                  <Box
                    role="cell"
                    aria-label={label}
                    data-value={value}
                    sx={{
                      height: cellHeight,
                      borderRadius: 0.5,
                      bgcolor: 'primary.main',
                      opacity: value === 0 ? 0.06 : 0.12 + 0.88 * (value / max),
                    }}
                  />
                </Tooltip>
              );
            })}
          </Box>
        ))}
        <Box />
        {columns.map((col, c) => (
          <Typography key={col} variant="caption" color="text.secondary" sx={{ textAlign: 'center', fontSize: 10 }}>
            {c % 3 === 0 ? col : ''}
          </Typography>
        ))}
      </Box>
    </Box>
  );
}
