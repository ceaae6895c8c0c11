import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { SAMPLE_TRIPS, difference } from '../../domain/farePreview';
import type { pricingChangeEffects } from '../../domain/pricingChange';
import { formatMoney, formatSignedMoney, formatSignedPercent } from '../../kit/format';

const T = 'app.priceSettings';

const EFFECTS_SHOWN = 12;
const COMMUTE = SAMPLE_TRIPS[1];

function MoneyChange({ before, after }: { before: number; after: number }) {
  const change = difference(before, after);
  return (
    <>
      {formatMoney(before)} → {formatMoney(after)}
      {change.amount !== 0 && (
        <Typography variant="caption" component="div" sx={{ color: 'warning.dark', fontWeight: 700 }}>
          {formatSignedMoney(change.amount)} ({formatSignedPercent(change.percent)})
        </Typography>
      )}
    </>
  );
}

/** The change in money before it is saved: the commute sample trip per changed vehicle type and stretch. */
export function ChangeEffects({ effects }: { effects: ReturnType<typeof pricingChangeEffects> }) {
  const translate = useTranslate();
  const shown = effects.slice(0, EFFECTS_SHOWN);
  return (
    <Box sx={{ mb: 1 }}>
      <Typography variant="subtitle2" sx={{ mt: 1 }}>
        {translate(`${T}.effects.title`, { km: COMMUTE.distanceKm, min: COMMUTE.durationMin })}
      </Typography>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" data-testid="change-effects" sx={{ '& td, & th': { px: 1 } }}>
          <TableHead>
            <TableRow>
              <TableCell>{translate(`${T}.effects.vehicleType`)}</TableCell>
              <TableCell>{translate(`${T}.effects.when`)}</TableCell>
              <TableCell align="right">{translate(`${T}.effects.passengerPays`)}</TableCell>
              <TableCell align="right">{translate(`${T}.effects.commission`)}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.map((e) => (
              <TableRow key={`${e.typeId}-${e.when}`}>
                <TableCell>{e.typeName}</TableCell>
                <TableCell>{e.when}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                  <MoneyChange before={e.before.total} after={e.after.total} />
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                  <MoneyChange before={e.before.commission} after={e.after.commission} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      {effects.length > shown.length && (
        <Typography variant="caption" color="text.secondary">
          {translate(`${T}.effects.more`, { count: effects.length - shown.length })}
        </Typography>
      )}
    </Box>
  );
}
