import { Alert, Box, Button, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useState } from 'react';
import { AutocompleteInput, Form, useCanAccess, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { useAction } from '../../dataProviders/useAction';
import { useQueryModule } from '../../dataProviders/useQueryModule';
import { CITY } from '../../domain/city';
import { localDay } from '../../domain/dateRange';
import { drivers } from '../../domain/resources';
import { LETTER_COLUMNS, LETTER_MAX_MONTHS, letterPeriodOf } from '../../domain/revenueLetter';
import { GuardedReferenceInput } from '../../kit/GuardedReferenceInput';
import { formatCalendarDay, formatCount, formatDateTime, formatMoney } from '../../kit/format';
import { EmptyState, ErrorState, LoadingState } from '../../kit/States';
import { LocalizedWallClockInput } from '../../kit/pickers/WallClockInput';
import { translateMessage } from '../../i18n/translateMessage';
import { PageCard } from '../PageCard';
import { PdfDownloadButton } from './PdfDownloadButton';
import { COMMANDS, DOWNLOADS, QUERIES } from '../../dataProviders/calls';

interface LetterMonth {
  month: string;
  trips: number;
  grossFares: number;
  commission: number;
  cancellationFees: number;
  netEarnings: number;
}
export interface Letter {
  reference: string;
  issuedAt: string;
  issuedBy: string;
  driver: { id: number; name: string; licenceNumber: string | null; vehicle: string };
  months: LetterMonth[];
  totals: Omit<LetterMonth, 'month'>;
}
export interface IssuedLetter {
  reference: string;
  fromMonth: string;
  toMonth: string;
  issuedAt: string;
  issuedBy: string | null;
}
interface Values {
  driverId?: number;
  fromMonth: string;
  toMonth: string;
}

const monthLabel = (month: string) =>
  formatCalendarDay(`${month.slice(0, 7)}-01`, { month: 'long', year: 'numeric' }) ?? month;
const personText = (r: { firstName?: string; lastName?: string; phone?: string } | undefined) =>
  r ? `${r.firstName ?? ''} ${r.lastName ?? ''}`.trim() + (r.phone ? ` · ${r.phone}` : '') : '';

/** A month of the period (YYYY-MM), in the language's format; the calendar offers none after this one. */
const MonthInput = ({ source, label }: { source: keyof Values; label: string }) => (
  <LocalizedWallClockInput
    kind="month"
    source={source}
    label={label}
    format={(value) => (typeof value === 'string' ? value : '')}
    parse={(month) => month}
    maxDay={localDay(new Date(), CITY.timeZone)}
    sx={{ width: 180 }}
  />
);

/** The last `n` months up to this one, in the city's calendar. */
function lastMonths(n: number): { fromMonth: string; toMonth: string } {
  const today = localDay(new Date(), CITY.timeZone);
  const [y, m] = today.split('-').map(Number);
  return { fromMonth: new Date(Date.UTC(y, m - n, 1)).toISOString().slice(0, 7), toMonth: today.slice(0, 7) };
}

/**
 * /reports/driver-revenue-letter: pick a driver and up to 12 months, issue the letter (the server
 * stores it under a new reference and renders the PDF), download it, and find the driver's
 * earlier letters to download again.
 */
export default function DriverRevenueLetter() {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`app.insights.letter.${key}`, options);
  const [issued, setIssued] = useState<Letter | null>(null);
  // The driver is chosen from the drivers' list: a role without view-Driver is told so, and cannot issue.
  const { canAccess: seesDrivers } = useCanAccess({ resource: drivers.path, action: 'list' });
  const noDrivers = seesDrivers === false;
  const { submit, isPending } = useAction<Values, Letter>(
    (dataProvider, v) =>
      dataProvider.post(COMMANDS.reports['driver-revenue-letters'], {
        driverId: v.driverId!, // the form's validate requires it
        fromMonth: v.fromMonth,
        toMonth: v.toMonth,
      }),
    { onSuccess: (result) => setIssued(result.data) },
  );
  const validate = (values: Record<string, unknown>) => {
    const errors: Record<string, string> = {};
    if (!values.driverId) errors.driverId = t('chooseDriver');
    const period = letterPeriodOf(values.fromMonth, values.toMonth, localDay(new Date(), CITY.timeZone));
    if (!('errors' in period)) return errors;
    // The period's rules say their messages in English, with a code: shown in the staff member's language.
    return {
      ...errors,
      ...Object.fromEntries(Object.entries(period.errors).map(([k, m]) => [k, translateMessage(m)])),
    };
  };

  return (
    <PageCard title={translate('app.pages.driverRevenueLetter')} testId="driver-revenue-letter">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2, maxWidth: 720 }}>
        {t('explain', { max: LETTER_MAX_MONTHS })}
      </Typography>
      {noDrivers && (
        <Alert severity="info" sx={{ mb: 2, maxWidth: 720 }} data-testid="letter-needs-drivers">
          {t('needsDrivers')}
        </Alert>
      )}
      <Form defaultValues={lastMonths(6)} onSubmit={submit} validate={validate}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
          <GuardedReferenceInput source="driverId" reference={drivers.path} perPage={10}>
            <AutocompleteInput
              label={t('driver')}
              optionText={personText}
              filterToQuery={(q: string) => ({ q })}
              sx={{ width: 360, maxWidth: '100%' }}
            />
          </GuardedReferenceInput>
          <MonthInput source="fromMonth" label={t('fromMonth')} />
          <MonthInput source="toMonth" label={t('toMonth')} />
          <Button
            type="submit"
            variant="contained"
            disabled={isPending || noDrivers}
            sx={{ mt: 1 }}
            data-testid="issue-letter"
          >
            {isPending ? t('issuing') : t('issue')}
          </Button>
        </Box>
        {issued && <IssuedSummary letter={issued} />}
        <LettersOfDriver />
      </Form>
    </PageCard>
  );
}

/** What the letter just issued says, with its PDF. */
export function IssuedSummary({ letter }: { letter: Letter }) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`app.insights.letter.${key}`, options);
  return (
    <Box data-testid="letter-issued" sx={{ mt: 3 }}>
      <Alert
        severity="success"
        action={
          <PdfDownloadButton
            call={DOWNLOADS.reports['driver-revenue-letter-pdf']}
            params={{ reference: letter.reference }}
            filename={`${letter.reference}.pdf`}
            label={t('downloadPdf')}
            testId="letter-pdf"
          />
        }
      >
        {t('issued', { reference: letter.reference, name: letter.driver.name })}
      </Alert>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" sx={{ mt: 1, maxWidth: 900 }} data-testid="letter-months">
          <TableHead>
            <TableRow>
              <TableCell sx={{ fontWeight: 600 }}>{t('month')}</TableCell>
              {LETTER_COLUMNS.map((column) => (
                <TableCell key={column.key} align="right" sx={{ fontWeight: 600 }}>
                  {t(`columns.${column.key}`, { _: column.header })}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {[
              ...letter.months.map((m) => ({ ...m, label: monthLabel(m.month) })),
              { ...letter.totals, label: t('total') },
            ].map((m, i) => (
              <TableRow key={m.label} sx={i === letter.months.length ? { '& td': { fontWeight: 700 } } : undefined}>
                <TableCell>{m.label}</TableCell>
                {LETTER_COLUMNS.map((column) => (
                  <TableCell key={column.key} align="right">
                    {column.kind === 'count' ? formatCount(m[column.key]) : formatMoney(m[column.key])}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </Box>
  );
}

/** The letters already issued for the driver chosen in the form (refetched after an issue), each downloadable again. */
function LettersOfDriver() {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`app.insights.letter.${key}`, options);
  const driverId = useWatch<Values>({ name: 'driverId' }) as number | undefined;
  const letters = useQueryModule(
    QUERIES.reports['driver-revenue-letters'],
    { driverId: driverId ? String(driverId) : undefined },
    { enabled: !!driverId },
  );
  if (!driverId) return null;
  return (
    <Box sx={{ mt: 4 }} data-testid="driver-letters">
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('earlier')}
      </Typography>
      {letters.isError ? (
        <ErrorState message={(letters.error as Error).message} onRetry={() => letters.refetch()} />
      ) : !letters.data ? (
        <LoadingState />
      ) : letters.data.length === 0 ? (
        <EmptyState message={t('none')} />
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" sx={{ maxWidth: 900 }}>
            <TableHead>
              <TableRow>
                <TableCell sx={{ fontWeight: 600 }}>{t('reference')}</TableCell>
                <TableCell sx={{ fontWeight: 600 }}>{t('period')}</TableCell>
                <TableCell sx={{ fontWeight: 600 }}>{t('issuedAt')}</TableCell>
                <TableCell sx={{ fontWeight: 600 }}>{t('issuedBy')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {letters.data.map((l) => (
                <TableRow key={l.reference} hover>
                  <TableCell sx={{ fontFamily: 'monospace' }}>{l.reference}</TableCell>
                  <TableCell>
                    {l.fromMonth === l.toMonth
                      ? monthLabel(l.fromMonth)
                      : `${monthLabel(l.fromMonth)} – ${monthLabel(l.toMonth)}`}
                  </TableCell>
                  <TableCell>{formatDateTime(l.issuedAt)}</TableCell>
                  <TableCell>{l.issuedBy ?? '—'}</TableCell>
                  <TableCell align="right">
                    <PdfDownloadButton
                      call={DOWNLOADS.reports['driver-revenue-letter-pdf']}
                      params={{ reference: l.reference }}
                      filename={`${l.reference}.pdf`}
                      label="PDF"
                    />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </Box>
  );
}
