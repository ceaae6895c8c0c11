import { Typography } from '@mui/material';
import { useFieldValue } from 'react-admin';
import { EmptyValue } from './EmptyValue';
import { formatDistance, formatDuration } from './format';
import type { KitFieldProps } from './MoneyField';

function Measure({ text }: { text: string | undefined }) {
  if (text === undefined) return <EmptyValue />;
  return (
    <Typography component="span" variant="body2" sx={{ whiteSpace: 'nowrap' }}>
      {text}
    </Typography>
  );
}

/** A duration given in seconds: "1 h 05 min". */
export function DurationField({ source }: KitFieldProps) {
  return <Measure text={formatDuration(useFieldValue({ source }))} />;
}

/** A distance given in meters: "12.4 km". */
export function DistanceField({ source }: KitFieldProps) {
  return <Measure text={formatDistance(useFieldValue({ source }))} />;
}
