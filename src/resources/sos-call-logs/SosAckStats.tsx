import { Box, Paper, Skeleton, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { usePanelDataProvider } from '../../dataProviders/useAction';
import { SOS_ACK_STATS_DAYS } from '../../domain/sos';
import { formatSecondsPrecise } from '../../kit/format';
import { SOS_STATS_KEY } from './useSosLive';
import { QUERIES } from '../../dataProviders/calls';

function Figure({ label, seconds }: { label: string; seconds: number | null | undefined }) {
  return (
    <Box sx={{ minWidth: 110 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="h6" component="div" sx={{ fontVariantNumeric: 'tabular-nums', lineHeight: 1.3 }}>
        {seconds === undefined ? <Skeleton width={70} /> : seconds === null ? '—' : formatSecondsPrecise(seconds)}
      </Typography>
    </Box>
  );
}

/** The board's header: median and p90 time to acknowledge over the last 7 days, and how many wait now. */
export function SosAckStats() {
  const translate = useTranslate();
  const dataProvider = usePanelDataProvider();
  const { data, error } = useQuery({
    queryKey: SOS_STATS_KEY,
    queryFn: ({ signal }) =>
      dataProvider.query(QUERIES.sos['ack-stats'], {}, { silent: true, signal }).then((r) => r.data),
  });
  const days = data?.days ?? SOS_ACK_STATS_DAYS;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={translate('app.sos.header.title', { days })}
      data-testid="sos-ack-stats"
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 3, px: 2, py: 1.5, mt: 1 }}
    >
      <Typography variant="subtitle2" component="h2" sx={{ flexBasis: { xs: '100%', md: 'auto' } }}>
        {translate('app.sos.header.title', { days })}
      </Typography>
      {error ? (
        <Typography variant="body2" color="error">
          {translate('app.sos.header.error')}
        </Typography>
      ) : (
        <>
          <Figure label={translate('app.sos.header.median')} seconds={data?.median} />
          <Figure label={translate('app.sos.header.p90')} seconds={data?.p90} />
          {data && (
            <Typography variant="body2" color="text.secondary">
              {data.acknowledged === 0
                ? translate('app.sos.header.none', { days })
                : translate('app.sos.header.acknowledged', { smart_count: data.acknowledged })}
              {(data.waiting ?? 0) > 0 &&
                ` ${translate('app.sos.header.countedWaiting', { smart_count: data.waiting })}`}
            </Typography>
          )}
          {data && data.unacknowledged > 0 && (
            <Typography variant="body2" color="error" sx={{ fontWeight: 700 }}>
              {translate('app.sos.header.waiting', { smart_count: data.unacknowledged })}
            </Typography>
          )}
        </>
      )}
    </Paper>
  );
}
