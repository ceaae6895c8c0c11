import { Box, Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { describeDiscount, usageShare } from '../../domain/discounts';
import { DATE_ONLY, formatDateTime, formatMoney } from '../../kit/format';
import type { Discount } from './types';

const money = (n: number) => formatMoney(n) ?? String(n);

/** "15 % up to KES 300.00", "KES 100.00 off". */
export function DiscountValueField(_: { label?: string }) {
  const d = useRecordContext<Discount>();
  if (!d) return null;
  return (
    <Typography variant="body2" component="span">
      {describeDiscount(d, money)}
    </Typography>
  );
}

/** "1 Mar 2030 – 31 Mar 2030", open ends said in words. */
export function ValidityField(_: { label?: string }) {
  const translate = useTranslate();
  const d = useRecordContext<Discount>();
  if (!d) return null;
  if (!d.validFrom && !d.validTo) return <>{translate('app.discounts.always')}</>;
  const from = d.validFrom ? formatDateTime(d.validFrom, DATE_ONLY) : translate('app.discounts.openStart');
  const to = d.validTo ? formatDateTime(d.validTo, DATE_ONLY) : translate('app.discounts.openEnd');
  return (
    <Typography variant="body2" component="span" sx={{ whiteSpace: 'nowrap' }}>
      {from} – {to}
    </Typography>
  );
}

/** Used / limit as a bar, or the count alone without a limit. */
export function UsageField(_: { label?: string }) {
  const translate = useTranslate();
  const d = useRecordContext<Discount>();
  if (!d) return null;
  const share = usageShare(d);
  return (
    <Box sx={{ minWidth: 120 }} data-testid="usage">
      <Typography variant="body2" component="div" sx={{ fontVariantNumeric: 'tabular-nums' }}>
        {share === undefined
          ? translate('app.discounts.usedTimes', { smart_count: d.timesUsed })
          : translate('app.discounts.usedOf', { used: d.timesUsed, limit: d.usageLimit })}
      </Typography>
      {share !== undefined && (
        // A plain bar, not LinearProgress: that one means "loading" to people and to the e2e harness.
        <Box
          role="meter"
          aria-label={translate('app.discounts.usage')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={share}
          sx={{ height: 6, borderRadius: 3, mt: 0.5, bgcolor: 'action.hover', overflow: 'hidden' }}
        >
          <Box sx={{ width: `${share}%`, height: '100%', bgcolor: share >= 100 ? 'warning.main' : 'primary.main' }} />
        </Box>
      )}
    </Box>
  );
}
