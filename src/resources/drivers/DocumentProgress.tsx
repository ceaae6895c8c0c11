import { Box, Chip, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatDaysHours, formatDuration, formatHours } from '../../kit/format';
import { localDay } from '../../domain/dateRange';
import { CITY } from '../../domain/city';
import { documentProgress, type DocumentState } from '../../domain/driverDocuments';
import { enumLabelKey } from '../../kit/enumChoices';

export const cityToday = () => localDay(new Date(), CITY.timeZone);

/** "2 of 5 approved" over a small bar. */
export function DocumentProgressBar({ documents }: { documents: readonly DocumentState[] }) {
  const translate = useTranslate();
  const { approved, required } = documentProgress(documents, cityToday());
  const label = translate('app.drivers.progress', { approved, required });
  return (
    <Box sx={{ minWidth: 120 }} data-testid="document-progress">
      <Typography variant="caption" component="div" sx={{ whiteSpace: 'nowrap' }}>
        {label}
      </Typography>
      {/* A plain bar: MUI's LinearProgress means "loading" to the panel's screenshots and tests. */}
      <Box
        role="meter"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={required}
        aria-valuenow={approved}
        sx={{ height: 6, borderRadius: 3, bgcolor: 'action.selected', overflow: 'hidden' }}
      >
        <Box
          sx={{
            height: '100%',
            width: `${(approved / required) * 100}%`,
            bgcolor: approved === required ? 'success.main' : 'primary.main',
          }}
        />
      </Box>
    </Box>
  );
}

const PROBLEM_COLOR = { missing: 'default', pending: 'warning', rejected: 'error', expired: 'error' } as const;

/** The documents that need someone: "Insurance rejected", "Photo missing"… */
export function AttentionChips({ documents }: { documents: readonly DocumentState[] }) {
  const translate = useTranslate();
  const { attention } = documentProgress(documents, cityToday());
  if (!attention.length)
    return (
      <Typography variant="body2" color="success.main">
        {translate('app.drivers.nothingToDo')}
      </Typography>
    );
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
      {attention.map(({ kind, problem }) => (
        <Chip
          key={kind}
          size="small"
          variant="outlined"
          color={PROBLEM_COLOR[problem]}
          label={`${translate(enumLabelKey('documentKind', kind))} ${translate(`app.drivers.problems.${problem}`)}`}
        />
      ))}
    </Stack>
  );
}

const HOUR = 3600_000;

/** How long a sign-up has waited: "12 min", "5 h", "3 d 4 h"; orange after two days. */
export function WaitingTime({ since, now = new Date() }: { since: string; now?: Date }) {
  const waited = Math.max(0, now.getTime() - new Date(since).getTime());
  const days = Math.floor(waited / (24 * HOUR));
  const hours = Math.floor((waited % (24 * HOUR)) / HOUR);
  const text =
    days > 0
      ? formatDaysHours(days, hours)
      : hours > 0
        ? formatHours(hours)
        : (formatDuration(Math.max(1, Math.floor(waited / 60_000)) * 60) ?? '');
  return (
    <Typography
      variant="body2"
      component="span"
      color={days >= 2 ? 'warning.dark' : undefined}
      sx={{ whiteSpace: 'nowrap', fontWeight: days >= 2 ? 600 : undefined }}
    >
      {text}
    </Typography>
  );
}
