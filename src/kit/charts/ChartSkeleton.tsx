import { Skeleton } from '@mui/material';

/** What a chart's box shows while its code loads: the same size, so nothing jumps. */
export function ChartSkeleton({ height, label }: { height: number; label: string }) {
  return (
    <Skeleton
      variant="rectangular"
      animation="wave"
      role="progressbar"
      aria-label={label}
      data-testid="chart-loading"
      sx={{ width: '100%', height, borderRadius: 1 }}
    />
  );
}
