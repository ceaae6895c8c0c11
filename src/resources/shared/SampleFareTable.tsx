import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { SampleFare } from '../../domain/farePreview';
import {
  formatDuration,
  formatKilometres,
  formatMoney,
  formatSignedMoney,
  formatSignedPercent,
} from '../../kit/format';

const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/**
 * The sample trips side by side: the fare now, the fare with the values being edited, and the
 * change in money and percent (src/domain/farePreview.ts). A column without fares is left out.
 */
export function SampleFareTable({
  fares,
  savedLabel = 'app.farePreview.saved',
  editedLabel = 'app.farePreview.edited',
}: {
  fares: readonly SampleFare[];
  savedLabel?: string;
  editedLabel?: string;
}) {
  const translate = useTranslate();
  const withSaved = fares.some((f) => f.saved);
  const withEdited = fares.some((f) => f.edited);
  return (
    <Table size="small" data-testid="sample-fares" sx={{ '& td, & th': { px: 1 } }}>
      <TableHead>
        <TableRow>
          <TableCell>{translate('app.farePreview.trip')}</TableCell>
          {withSaved && <TableCell align="right">{translate(savedLabel)}</TableCell>}
          {withEdited && <TableCell align="right">{translate(editedLabel)}</TableCell>}
          {withSaved && withEdited && <TableCell align="right">{translate('app.farePreview.change')}</TableCell>}
        </TableRow>
      </TableHead>
      <TableBody>
        {fares.map(({ trip, saved, edited, change }) => (
          <TableRow key={trip.key} data-testid={`sample-fare-${trip.key}`}>
            <TableCell>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {trip.name}
              </Typography>
              <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                {translate('app.format.distanceAndDuration', {
                  distance: formatKilometres(trip.distanceKm),
                  duration: formatDuration(trip.durationMin * 60),
                })}
              </Typography>
            </TableCell>
            {withSaved && (
              <TableCell align="right" sx={numeric} data-testid="fare-saved">
                {formatMoney(saved?.total) ?? '—'}
              </TableCell>
            )}
            {withEdited && (
              <TableCell align="right" sx={numeric} data-testid="fare-edited">
                {formatMoney(edited?.total) ?? '—'}
                {edited && edited.minimumTopUp > 0 && (
                  <Typography variant="caption" color="text.secondary" component="div">
                    {translate('app.farePreview.minimumApplies')}
                  </Typography>
                )}
              </TableCell>
            )}
            {withSaved && withEdited && (
              <TableCell align="right" sx={numeric} data-testid="fare-change">
                {change && change.amount !== 0 ? (
                  <Box component="span" sx={{ color: 'warning.dark', fontWeight: 700 }}>
                    {formatSignedMoney(change.amount)}
                    <Typography variant="caption" component="div">
                      {formatSignedPercent(change.percent)}
                    </Typography>
                  </Box>
                ) : (
                  <Typography variant="body2" color="text.secondary" component="span">
                    {change ? translate('app.farePreview.unchanged') : '—'}
                  </Typography>
                )}
              </TableCell>
            )}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
