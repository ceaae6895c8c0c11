import { Typography } from '@mui/material';

/** What a field shows without a value: a dash, read as "none" by screen readers too. */
export function EmptyValue() {
  return (
    <Typography component="span" variant="body2" color="text.secondary" aria-label="none">
      —
    </Typography>
  );
}
