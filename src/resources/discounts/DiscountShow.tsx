import { Alert, Box, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { DeleteButton, Show, TopToolbar, useCanAccess, useGetList, useRecordContext, useTranslate } from 'react-admin';
import { discountRuleFrom } from '../../domain/farePreview';
import { DateTimeField } from '../../kit/DateTimeField';
import { FieldGrid, KeyValue, SectionCard } from '../../kit/DetailBlocks';
import { formatDateTime, formatMoney } from '../../kit/format';
import { GuardedLink } from '../../kit/LinkedRecordField';
import { MoneyField } from '../../kit/MoneyField';
import { EmptyState, ErrorState, LoadingState } from '../../kit/States';
import { StatusChip } from '../../kit/StatusChip';
import { EditRecordButton } from '../shared/RecordButtons';
import { showPath } from '../shared/recordPaths';
import { trips } from '../../domain/resources';
import { DiscountValueField, UsageField, ValidityField } from './DiscountFields';
import { DiscountPreview } from './DiscountPreview';
import type { Discount } from './types';

const TRIPS_SHOWN = 20;

interface TripRow {
  id: number;
  requestedAt: string;
  status: string;
  passengerName: string | null;
  fareDiscount: number;
  fareTotal: number;
}

/** The trips that used the code, newest first, each linked to its page. */
function TripsThatUsedIt({ discount }: { discount: Discount }) {
  const translate = useTranslate();
  const { canAccess } = useCanAccess({ resource: trips.path, action: 'list' });
  const { data, total, isPending, error, refetch } = useGetList<TripRow>(
    trips.path,
    {
      pagination: { page: 1, perPage: TRIPS_SHOWN },
      sort: { field: 'requestedAt', order: 'DESC' },
      filter: { discountId: discount.id },
    },
    { enabled: canAccess === true },
  );
  return (
    <SectionCard
      title={translate('app.discounts.trips')}
      subheader={
        total !== undefined && total > TRIPS_SHOWN
          ? translate('app.discounts.tripsLatest', { shown: TRIPS_SHOWN, total })
          : undefined
      }
    >
      {canAccess === false ? (
        <Alert severity="info">{translate('app.discounts.tripsNoAccess')}</Alert>
      ) : isPending ? (
        <LoadingState />
      ) : error ? (
        <ErrorState message={translate('app.discounts.tripsError')} onRetry={() => void refetch()} />
      ) : !data?.length ? (
        <EmptyState message={translate('app.discounts.tripsEmpty')} />
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" data-testid="discount-trips">
            <TableHead>
              <TableRow>
                <TableCell>{translate('app.discounts.tripColumns.trip')}</TableCell>
                <TableCell>{translate('app.discounts.tripColumns.requested')}</TableCell>
                <TableCell>{translate('app.discounts.tripColumns.passenger')}</TableCell>
                <TableCell>{translate('app.discounts.tripColumns.status')}</TableCell>
                <TableCell align="right">{translate('app.discounts.tripColumns.discount')}</TableCell>
                <TableCell align="right">{translate('app.discounts.tripColumns.fare')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.map((trip) => (
                <TableRow key={trip.id}>
                  <TableCell>
                    <GuardedLink resource={trips.path} to={showPath(trips.path, trip.id)}>
                      #{trip.id}
                    </GuardedLink>
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(trip.requestedAt)}</TableCell>
                  <TableCell>{trip.passengerName ?? '—'}</TableCell>
                  <TableCell>{translate(`app.enums.tripStatus.${trip.status}`, { _: trip.status })}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(trip.fareDiscount)}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(trip.fareTotal)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </SectionCard>
  );
}

function DiscountDetails() {
  const translate = useTranslate();
  const d = useRecordContext<Discount>();
  if (!d) return null;
  const field = (name: string) => translate(`resources.discounts.fields.${name}`);
  return (
    <Stack spacing={2}>
      <SectionCard data-testid="discount-summary">
        <Stack direction="row" spacing={2} alignItems="center" sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          <Typography variant="h6" component="h2" sx={{ fontFamily: 'monospace', fontWeight: 700 }}>
            {d.code}
          </Typography>
          <StatusChip palette="discountState" source="state" />
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {d.name}
        </Typography>
        <FieldGrid>
          <KeyValue label={field('value')}>
            <DiscountValueField />
          </KeyValue>
          <KeyValue label={translate('app.discounts.window')}>
            <ValidityField />
          </KeyValue>
          <KeyValue label={translate('app.discounts.usage')}>
            <UsageField />
          </KeyValue>
          <KeyValue label={field('perPassengerLimit')}>
            {d.perPassengerLimit ?? translate('app.discounts.noLimit')}
          </KeyValue>
          <KeyValue label={field('discountedTotal')}>
            <MoneyField source="discountedTotal" />
          </KeyValue>
          <KeyValue label={field('updatedAt')}>
            <DateTimeField source="updatedAt" relative />
          </KeyValue>
        </FieldGrid>
      </SectionCard>
      <DiscountPreview rule={discountRuleFrom(d)} />
      <TripsThatUsedIt discount={d} />
    </Stack>
  );
}

function Actions() {
  return (
    <TopToolbar>
      <EditRecordButton />
      <DeleteButton mutationMode="pessimistic" />
    </TopToolbar>
  );
}

/** /discounts/:id: the code, its state, usage and total discounted, its effect on the sample trips, and the trips that used it. */
export default function DiscountShow() {
  return (
    <Show<Discount> actions={<Actions />} component="div">
      <DiscountDetails />
    </Show>
  );
}
