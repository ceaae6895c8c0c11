import { TRIP_UPDATED, type TripUpdatedEvent } from '../../domain/tripEvents';
import { actionOnDriver } from './actionOnDriver';
import { ACTIONS } from '../../domain/resourceActions';
import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import BlockIcon from '@mui/icons-material/Block';
import RateReviewIcon from '@mui/icons-material/RateReview';
import RestoreIcon from '@mui/icons-material/Restore';
import { Alert, Box, Button, Card, CardContent, Stack, Tab, Tabs, Typography } from '@mui/material';
import { useState } from 'react';
import {
  CanAccess,
  DataTable,
  Pagination,
  RecordContextProvider,
  ReferenceManyField,
  TextInput,
  Title,
  useCanAccess,
  useGetOne,
  useTranslate,
} from 'react-admin';
import { Link, useParams } from 'react-router';
import { DRIVER_SHIFT_CHANGED, type DriverShiftChanged } from '../../domain/liveDrivers';
import { suspensionSchema } from '../../domain/resources/drivers';
import { useSocketEvent } from '../../realtime/RealtimeProvider';
import { usePanelDataProvider } from '../../dataProviders/useAction';
import { DateTimeField } from '../../kit/DateTimeField';
import { SectionCard } from '../../kit/DetailBlocks';
import { DATE_ONLY, formatMoney, formatRelativeTime } from '../../kit/format';
import { MoneyField } from '../../kit/MoneyField';
import { PhoneField } from '../../kit/PhoneField';
import { RatingField } from '../../kit/RatingField';
import { EmptyState, ErrorState, LoadingState } from '../../kit/States';
import { StatusChip } from '../../kit/StatusChip';
import { auditLogs, driverTransactions } from '../../domain/resources';
import { LedgerTable } from '../shared/LedgerTable';
import { RelatedList } from '../../kit/RelatedList';
import { FileAvatar } from '../shared/FileAvatar';
import { ScreenAccess } from '../shared/ScreenAccess';
import { toShowPage } from '../shared/recordPaths';
import { ActionDialog } from './ActionDialog';
import { DocumentProgressBar } from './DocumentProgress';
import { DriverDecision } from './DriverDecision';
import { DriverStatistics, Stat } from './DriverStatistics';
import { Denied, DocumentsTab, ProfileTab } from './DriverTabs';
import { PayoutDetailsCard } from './PayoutDetails';
import { PAYOUT_ACTION } from '../../domain/permissions';
import { walletPath } from '../driver-transactions/walletPath';
import { WALLET_LEDGER } from '../driver-transactions/walletLedger';
import { reviewPath } from './reviewPath';
import { ResendCodeButton } from './ResendCodeButton';
import type { Driver } from './types';
import { RowLink } from '../../kit/RowLink';

const RESOURCE = 'driver-management/drivers';
const TABS = ['profile', 'documents', 'trips', 'reviews', 'wallet', 'history'] as const;
type TabName = (typeof TABS)[number];

/** /driver-management/drivers/:id — the driver's page: header with actions, and tabs. */
export default function DriverShow() {
  const { id = '' } = useParams();
  return (
    <ScreenAccess action="show">
      <DriverPage key={id} id={Number(id)} />
    </ScreenAccess>
  );
}

function DriverPage({ id }: { id: number }) {
  const translate = useTranslate();
  const dataProvider = usePanelDataProvider();
  const { data: driver, isPending, error, refetch } = useGetOne<Driver>(RESOURCE, { id });
  const { canAccess: mayUpdate } = useCanAccess({ resource: RESOURCE, action: 'edit' });
  const { canAccess: mayPayout } = useCanAccess({ resource: RESOURCE, action: PAYOUT_ACTION });
  // The wallet (its page and the tab's card) is the transactions list: the button follows the same rule.
  const { canAccess: mayOpenWallet = false } = useCanAccess({ resource: driverTransactions.path, action: 'list' });
  const [tab, setTab] = useState<TabName>('profile');
  const [dialog, setDialog] = useState<'suspend' | 'reinstate' | null>(null);
  // The header's online chip follows the driver's shift and trips.
  const refetchIfMine = (event: { driverId: number | null }) => {
    if (event.driverId === id) void refetch();
  };
  useSocketEvent<DriverShiftChanged>(DRIVER_SHIFT_CHANGED, refetchIfMine);
  useSocketEvent<TripUpdatedEvent>(TRIP_UPDATED, refetchIfMine);

  if (isPending) return <LoadingState />;
  if (error || !driver)
    return <ErrorState message={(error as Error | undefined)?.message ?? 'Not found'} onRetry={() => void refetch()} />;
  const name = `${driver.firstName} ${driver.lastName}`;
  const suspended = !!driver.suspendedAt;

  return (
    <Box sx={{ py: 2 }} data-testid="driver-page">
      <Title title={name} />
      <RecordContextProvider value={driver}>
        <Card sx={{ mb: 2 }}>
          <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
            <FileAvatar fileId={driver.photo} name={name} size={72} />
            <Box sx={{ minWidth: 0 }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
                  {name}
                </Typography>
                <StatusChip palette="driverApproval" source="approvalStatus" />
                <StatusChip palette="driverOnline" source="onlineState" />
              </Stack>
              <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mt: 0.5, flexWrap: 'wrap' }}>
                <RatingField source="rating" />
                <PhoneField source="phone" />
                <DocumentProgressBar documents={driver.documents} />
              </Stack>
            </Box>
            <Box sx={{ flex: 1 }} />
            <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
              <Button component={Link} to={reviewPath(driver.id)} variant="outlined" startIcon={<RateReviewIcon />}>
                {translate('app.drivers.review')}
              </Button>
              {mayOpenWallet && (
                <Button
                  component={Link}
                  to={walletPath(driver.id)}
                  variant="outlined"
                  startIcon={<AccountBalanceWalletIcon />}
                >
                  {translate('app.drivers.wallet')}
                </Button>
              )}
              {mayUpdate && <ResendCodeButton phone={driver.phone} />}
              {mayUpdate &&
                (suspended ? (
                  <Button variant="contained" startIcon={<RestoreIcon />} onClick={() => setDialog('reinstate')}>
                    {translate('app.drivers.reinstate')}
                  </Button>
                ) : (
                  <Button
                    variant="outlined"
                    color="error"
                    startIcon={<BlockIcon />}
                    onClick={() => setDialog('suspend')}
                  >
                    {translate('app.drivers.suspend')}
                  </Button>
                ))}
            </Stack>
          </CardContent>
        </Card>
        {suspended && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {translate('app.drivers.suspended', { reason: driver.suspensionReason ?? '' })} (
            {formatRelativeTime(driver.suspendedAt)})
          </Alert>
        )}
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' }, mb: 2 }}>
          <Stat
            label={translate('app.drivers.tripsCompleted')}
            value={String((driver as { tripsCompleted?: number }).tripsCompleted ?? 0)}
          />
          <Stat label={translate('app.drivers.averageRating')} value={driver.rating.toFixed(2)} />
          <Stat
            label={translate('app.drivers.balance')}
            value={formatMoney(driver.creditBalance) ?? '—'}
            negative={driver.creditBalance < 0}
          />
          <Stat label={translate('app.drivers.joined')} value={formatRelativeTime(driver.createdAt) ?? '—'} />
          <DriverStatistics driverId={driver.id} />
        </Box>
        <Tabs value={tab} onChange={(_e, value: TabName) => setTab(value)} variant="scrollable" sx={{ mb: 2 }}>
          {TABS.map((t) => (
            <Tab key={t} value={t} label={translate(`app.drivers.tabs.${t}`)} />
          ))}
        </Tabs>
        {tab === 'profile' && (
          <Stack spacing={2}>
            <ProfileTab driver={driver} />
            <PayoutDetailsCard driver={driver} mayUpdate={!!mayPayout} onSaved={() => void refetch()} />
          </Stack>
        )}
        {tab === 'documents' && <DocumentsTab documents={driver.documents} />}
        {tab === 'trips' && (
          <CanAccess resource="trip-management/trips" action="list" accessDenied={<Denied />}>
            <SectionCard title={translate('app.drivers.tabs.trips')}>
              <ReferenceManyField
                reference="trip-management/trips"
                target="driverId"
                sort={{ field: 'requestedAt', order: 'DESC' }}
                perPage={10}
                pagination={<Pagination rowsPerPageOptions={[10, 25]} />}
                empty={<EmptyState message={translate('app.drivers.noTrips')} />}
              >
                <DataTable bulkActionButtons={false} rowClick={toShowPage}>
                  <DataTable.Col source="id" label="#" render={(trip) => <RowLink>{trip.id}</RowLink>} />
                  <DataTable.Col source="requestedAt" render={() => <DateTimeField source="requestedAt" />} />
                  <DataTable.Col source="status" render={() => <StatusChip palette="tripStatus" />} />
                  <DataTable.Col source="pickupAddress" />
                  <DataTable.Col source="dropoffAddress" />
                  <DataTable.Col source="fareTotal" field={MoneyField} />
                </DataTable>
              </ReferenceManyField>
            </SectionCard>
          </CanAccess>
        )}
        {tab === 'reviews' && (
          <CanAccess resource="reviews" action="list" accessDenied={<Denied />}>
            <SectionCard title={translate('app.drivers.tabs.reviews')}>
              <ReferenceManyField
                reference="reviews"
                target="driverId"
                filter={{ direction: 'passenger_to_driver' }}
                sort={{ field: 'createdAt', order: 'DESC' }}
                perPage={10}
                pagination={<Pagination rowsPerPageOptions={[10, 25]} />}
                empty={<EmptyState message={translate('app.drivers.noReviews')} />}
              >
                <DataTable bulkActionButtons={false} rowClick={false}>
                  <DataTable.Col
                    source="createdAt"
                    render={() => <DateTimeField source="createdAt" options={DATE_ONLY} />}
                  />
                  <DataTable.Col source="rating" field={RatingField} />
                  <DataTable.Col source="comment" />
                  <DataTable.Col source="tripId" label="app.wallet.trip" />
                </DataTable>
              </ReferenceManyField>
            </SectionCard>
          </CanAccess>
        )}
        {tab === 'wallet' && (
          <CanAccess resource={driverTransactions.path} action="list" accessDenied={<Denied />}>
            <RelatedList
              title="app.drivers.tabs.wallet"
              subheader={
                <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
                  <Typography
                    component="span"
                    variant="subtitle1"
                    data-testid="driver-page-balance"
                    color={driver.creditBalance < 0 ? 'error' : 'text.primary'}
                    sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}
                  >
                    {translate('app.drivers.balanceIs', { balance: formatMoney(driver.creditBalance) })}
                  </Typography>
                  <Button component={Link} to={walletPath(driver.id)} size="small">
                    {translate('app.drivers.openWallet')}
                  </Button>
                </Stack>
              }
              reference={driverTransactions.path}
              target="driverId"
              perPage={10}
              empty="app.wallet.empty"
              data-testid="driver-page-wallet"
            >
              <LedgerTable {...WALLET_LEDGER} messages="app.wallet" />
            </RelatedList>
          </CanAccess>
        )}
        {tab === 'history' && (
          <CanAccess resource={auditLogs.path} action="list" accessDenied={<Denied />}>
            <SectionCard title={translate('app.drivers.tabs.history')}>
              <ReferenceManyField
                reference={auditLogs.path}
                target="recordId"
                filter={{ resource: 'drivers' }}
                sort={{ field: 'createdAt', order: 'DESC' }}
                perPage={25}
                pagination={<Pagination rowsPerPageOptions={[25]} />}
                empty={<EmptyState message={translate('app.drivers.noHistory')} />}
              >
                <DataTable bulkActionButtons={false} rowClick={false} hover={false}>
                  <DataTable.Col
                    source="createdAt"
                    cellSx={() => ({ whiteSpace: 'nowrap' })}
                    render={() => <DateTimeField source="createdAt" />}
                  />
                  <DataTable.Col source="action" render={() => <StatusChip palette="auditAction" source="action" />} />
                  <DataTable.Col
                    source="staffName"
                    label="app.wallet.staff"
                    render={(row: { staffName?: string | null }) => row.staffName ?? translate('app.drivers.system')}
                  />
                  <DataTable.Col label="app.drivers.history.details" field={DriverDecision} />
                </DataTable>
              </ReferenceManyField>
            </SectionCard>
          </CanAccess>
        )}
      </RecordContextProvider>

      <ActionDialog<Driver>
        key={`${dialog ?? 'none'}-${driver.suspendedAt ?? ''}`}
        open={dialog !== null}
        title={translate(dialog === 'reinstate' ? 'app.drivers.reinstateTitle' : 'app.drivers.suspendTitle', { name })}
        schema={suspensionSchema}
        defaultValues={{ reason: '' }}
        submitLabel={translate(dialog === 'reinstate' ? 'app.drivers.reinstate' : 'app.drivers.suspend')}
        color={dialog === 'reinstate' ? 'primary' : 'error'}
        run={(values) =>
          actionOnDriver(dataProvider, ACTIONS.drivers[dialog ?? 'suspend'], { id: driver.id, data: values })
        }
        onClose={() => setDialog(null)}
        onDone={() => {
          setDialog(null);
          void refetch();
        }}
      >
        <TextInput
          source="reason"
          label="app.drivers.reasonLabel"
          helperText="app.drivers.noteHint"
          multiline
          fullWidth
        />
      </ActionDialog>
    </Box>
  );
}
