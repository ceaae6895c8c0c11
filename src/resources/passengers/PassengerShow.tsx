import { Box, Stack, Typography, useMediaQuery, type Theme } from '@mui/material';
import { DataTable, Show, TopToolbar, useRecordContext, useTranslate, type RaRecord } from 'react-admin';
import { enumWords } from '../../domain/resources/manifest';
import {
  auditLogs,
  issues as issuesManifest,
  passengerTransactions as passengerTransactionsManifest,
  reviews as reviewsManifest,
  trips as tripsManifest,
} from '../../domain/resources';
import { DateTimeField } from '../../kit/DateTimeField';
import { formatMoney } from '../../kit/format';
import { GuardedLink, LinkedRecordField } from '../../kit/LinkedRecordField';
import { MoneyField } from '../../kit/MoneyField';
import { RatingField } from '../../kit/RatingField';
import { RelatedList } from '../../kit/RelatedList';
import { StatusChip } from '../../kit/StatusChip';
import { AuditChangesSummary } from '../shared/AuditChanges';
import { LedgerTable } from '../shared/LedgerTable';
import { EditRecordButton } from '../shared/RecordButtons';
import { showPath } from '../shared/recordPaths';
import { tripColumn, whenColumn } from '../shared/relatedColumns';
import { PassengerStatistics } from './PassengerStatistics';
import { PassengerStatusButton } from './PassengerStatusButton';
import { PassengerSummary } from './PassengerSummary';
import type { Passenger } from './types';
import { RowLink } from '../../kit/RowLink';
import { PickupTime } from '../trips/PickupTime';

const noWrap = () => ({ whiteSpace: 'nowrap' });
const openTrip = (id: RaRecord['id']) => showPath(tripsManifest.path, id);

function PassengerShowActions() {
  return (
    <TopToolbar>
      <PassengerStatusButton />
      <EditRecordButton />
    </TopToolbar>
  );
}

/** Pickup → drop-off on one line, the full addresses on hover. */
function RouteText() {
  const trip = useRecordContext<{ id: number; pickupAddress: string; dropoffAddress: string }>();
  if (!trip) return null;
  const text = `${trip.pickupAddress} → ${trip.dropoffAddress}`;
  return (
    <Typography
      variant="body2"
      title={text}
      sx={{ maxWidth: 360, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
    >
      {text}
    </Typography>
  );
}

function Comment() {
  const review = useRecordContext<{ id: number; comment: string | null }>();
  return (
    <Typography variant="body2" color={review?.comment ? 'text.primary' : 'text.secondary'} sx={{ maxWidth: 420 }}>
      {review?.comment ?? '—'}
    </Typography>
  );
}

/** The passenger's trips, newest first, 10 a page; a row opens the trip. */
function TripHistory() {
  const medium = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'));
  return (
    <RelatedList
      title="app.passengers.tripHistory"
      reference={tripsManifest.path}
      target="passengerId"
      sort={{ field: 'requestedAt', order: 'DESC' }}
      empty="app.passengers.noTrips"
      data-testid="trip-history"
    >
      <DataTable rowClick={openTrip} bulkActionButtons={false}>
        <DataTable.Col
          source="id"
          label="app.passengers.trip"
          disableSort
          render={(trip) => <RowLink>#{trip.id}</RowLink>}
        />
        <DataTable.Col
          source="requestedAt"
          label="app.passengers.requested"
          disableSort
          cellSx={noWrap}
          render={() => (
            <>
              <DateTimeField source="requestedAt" relative />
              <PickupTime />
            </>
          )}
        />
        <DataTable.Col source="pickupAddress" label="app.passengers.route" disableSort render={() => <RouteText />} />
        {medium && (
          <DataTable.Col
            source="driverId"
            label="app.passengers.driver"
            disableSort
            cellSx={noWrap}
            render={() => (
              <LinkedRecordField source="driverId" reference="driver-management/drivers" text={(t) => t.driverName} />
            )}
          />
        )}
        <DataTable.Col source="status" disableSort render={() => <StatusChip palette="tripStatus" />} />
        <DataTable.Col
          source="fareTotal"
          label="app.passengers.fare"
          disableSort
          render={() => <MoneyField source="fareTotal" />}
        />
      </DataTable>
    </RelatedList>
  );
}

function Reviews({ direction }: { direction: 'passenger_to_driver' | 'driver_to_passenger' }) {
  const given = direction === 'passenger_to_driver';
  return (
    <RelatedList
      title={given ? 'app.passengers.reviewsGiven' : 'app.passengers.reviewsReceived'}
      reference={reviewsManifest.path}
      target="passengerId"
      filter={{ direction }}
      perPage={5}
      empty={given ? 'app.passengers.noReviewsGiven' : 'app.passengers.noReviewsReceived'}
      data-testid={given ? 'reviews-given' : 'reviews-received'}
    >
      <DataTable bulkActionButtons={false} rowClick={false}>
        <DataTable.Col
          source="rating"
          label="app.passengers.rating"
          disableSort
          render={() => <RatingField source="rating" />}
        />
        <DataTable.Col source="comment" label="app.passengers.comment" disableSort render={() => <Comment />} />
        <DataTable.Col
          source="driverId"
          label="app.passengers.driver"
          disableSort
          cellSx={noWrap}
          render={() => (
            <LinkedRecordField source="driverId" reference="driver-management/drivers" text={(r) => r.driverName} />
          )}
        />
        {tripColumn()}
        {whenColumn()}
      </DataTable>
    </RelatedList>
  );
}

function IssuesRaised() {
  return (
    <RelatedList
      title="app.passengers.issuesRaised"
      reference={issuesManifest.path}
      target="reporterId"
      filter={{ reporterKind: 'passenger' }}
      perPage={5}
      empty="app.passengers.noIssues"
      data-testid="issues-raised"
    >
      <DataTable bulkActionButtons={false} rowClick={(id) => showPath(issuesManifest.path, id)}>
        <DataTable.Col
          source="category"
          label="app.passengers.category"
          disableSort
          render={(issue) => <RowLink>{enumWords(String(issue.category))}</RowLink>}
        />
        <DataTable.Col source="status" disableSort render={() => <StatusChip palette="issueStatus" />} />
        <DataTable.Col
          source="priority"
          label="app.passengers.priority"
          disableSort
          render={() => <StatusChip palette="issuePriority" source="priority" />}
        />
        {tripColumn()}
        {whenColumn()}
      </DataTable>
    </RelatedList>
  );
}

function IssueLink() {
  const record = useRecordContext<{ id: number; issueId: number | null }>();
  if (!record?.issueId) return <>—</>;
  return (
    <GuardedLink resource={issuesManifest.path} to={showPath(issuesManifest.path, record.issueId)}>
      #{record.issueId}
    </GuardedLink>
  );
}

/** The passenger's wallet: the balance, and the ledger (refunds granted on issues), newest first. */
function Wallet() {
  const translate = useTranslate();
  const passenger = useRecordContext<Passenger>();
  if (!passenger) return null;
  const balance = Number(passenger.creditBalance ?? 0);
  return (
    <RelatedList
      title="app.passengers.wallet"
      subheader={
        <>
          <Typography
            component="span"
            variant="subtitle1"
            data-testid="passenger-balance"
            color={balance < 0 ? 'error' : 'text.primary'}
            sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}
          >
            {translate('app.passengers.balance', { balance: formatMoney(balance) })}
          </Typography>
          <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
            {translate('app.passengers.walletHint')}
          </Typography>
        </>
      }
      reference={passengerTransactionsManifest.path}
      target="passengerId"
      perPage={5}
      empty="app.passengers.noWalletEntries"
      data-testid="passenger-wallet"
    >
      <LedgerTable palette="passengerTransactionKind" messages="app.passengers">
        <DataTable.Col source="issueId" label="app.passengers.issue" disableSort render={() => <IssueLink />} />
      </LedgerTable>
    </RelatedList>
  );
}

/** A refund's audit row: "Refund KES 200.00 (issue #7, trip #31662)". */
function RefundChange({ after }: { after: { refund?: number; issueId?: number; tripId?: number } | null }) {
  const translate = useTranslate();
  return (
    <Typography variant="body2">
      {translate('app.passengers.refunded', {
        amount: formatMoney(after?.refund) ?? '—',
        issue: after?.issueId ?? '—',
        trip: after?.tripId ?? '—',
      })}
    </Typography>
  );
}

/** What an audit row did: a block's or unblock's reason, a refund, else the fields it changed. */
function HistoryChange(_props: { label?: string }) {
  const row = useRecordContext<{
    id: number;
    action: string;
    after: { statusReason?: string; refund?: number; issueId?: number; tripId?: number } | null;
  }>();
  if (!row) return null;
  if (row.action === 'block' || row.action === 'unblock')
    return <Typography variant="body2">{row.after?.statusReason ?? '—'}</Typography>;
  if (row.action === 'refund') return <RefundChange after={row.after} />;
  return <AuditChangesSummary />;
}

/** Who changed the passenger, blocked or unblocked them, and when (with view-AuditLog). */
function PassengerHistory() {
  return (
    <RelatedList
      title="app.passengers.history"
      reference={auditLogs.path}
      target="recordId"
      filter={{ resource: 'passengers' }}
      perPage={5}
      empty="app.passengers.noHistory"
      data-testid="passenger-history"
    >
      <DataTable bulkActionButtons={false} rowClick={false}>
        {whenColumn()}
        <DataTable.Col
          source="action"
          disableSort
          render={() => <StatusChip palette="auditAction" source="action" />}
        />
        <DataTable.Col source="staffName" disableSort />
        <DataTable.Col label="app.common.audit.changes" field={HistoryChange} />
      </DataTable>
    </RelatedList>
  );
}

/**
 * /passenger-management/passengers/:id: the profile (blocked with its reason),
 * the statistics, the trip history, reviews given and received, the issues
 * raised, the wallet (balance and ledger) and the audit history, each shown to staff allowed to see them. Block/Unblock and Edit for
 * staff with update-Passenger.
 */
export default function PassengerShow() {
  return (
    <Show<Passenger>
      actions={<PassengerShowActions />}
      component="div"
      // The page's flex containers may shrink below their content: wide tables scroll in their cards.
      sx={{ minWidth: 0, '& .RaShow-main, & .RaShow-card': { minWidth: 0 } }}
    >
      <Stack spacing={2} sx={{ minWidth: 0 }}>
        <PassengerSummary />
        <PassengerStatistics />
        <TripHistory />
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            // Side by side only where both tables fit (five columns each).
            gridTemplateColumns: { xs: '1fr', xl: 'repeat(2, minmax(0, 1fr))' },
          }}
        >
          <Reviews direction="passenger_to_driver" />
          <Reviews direction="driver_to_passenger" />
        </Box>
        <IssuesRaised />
        <Wallet />
        <PassengerHistory />
      </Stack>
    </Show>
  );
}
