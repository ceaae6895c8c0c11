import type { InferType } from 'yup';
import { ACTIONS } from '../../domain/resourceActions';
import AddCardIcon from '@mui/icons-material/AddCard';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Alert, Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { NumberInput, SelectInput, TextInput, useCanAccess, useGetOne, useRefresh, useTranslate } from 'react-admin';
import { PAYOUT_ACTION } from '../../domain/permissions';
import { useWatch } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import { creditTopupSchema, MAX_TOPUP } from '../../domain/resources/driverTransactions';
import { usePanelDataProvider } from '../../dataProviders/useAction';
import { enumChoices } from '../../kit/enumChoices';
import { formatMoney } from '../../kit/format';
import { ResourceList } from '../../kit/ResourceList';
import { EmptyState, ErrorState, LoadingState } from '../../kit/States';
import { createdAtRangeFilters } from '../../kit/createdAtRangeFilters';
import { ActionDialog } from '../drivers/ActionDialog';
import type { Driver } from '../drivers/types';
import { LedgerTable } from '../shared/LedgerTable';
import { ScreenAccess } from '../shared/ScreenAccess';
import { WALLET_LEDGER } from './walletLedger';

const DRIVERS = 'driver-management/drivers';

const walletFilters = [
  <SelectInput
    key="kind"
    source="kind"
    label="app.wallet.kind"
    choices={enumChoices('transactionKind')}
    emptyText="app.wallet.anyKind"
    alwaysOn
    sx={{ minWidth: 160 }}
  />,
  ...createdAtRangeFilters('app.wallet.from', 'app.wallet.to'),
];

/** "New balance: KES …", as the amount is typed. */
function NewBalance({ balance }: { balance: number }) {
  const translate = useTranslate();
  const amount: unknown = useWatch({ name: 'amount' });
  const value = typeof amount === 'number' ? amount : Number(amount);
  if (!Number.isFinite(value) || value <= 0 || value > MAX_TOPUP) return null;
  const after = Math.round((balance + value) * 100) / 100;
  return (
    <Alert severity="info" data-testid="new-balance">
      {translate('app.wallet.newBalance', { balance: formatMoney(after) })}
    </Alert>
  );
}

/** /driver-management/transactions/:id — a driver's balance, credit top-up and ledger. */
export default function DriverWallet() {
  const { id = '' } = useParams();
  return (
    <ScreenAccess action="list">
      <Wallet driverId={Number(id)} />
    </ScreenAccess>
  );
}

function Wallet({ driverId }: { driverId: number }) {
  const translate = useTranslate();
  const refresh = useRefresh();
  const dataProvider = usePanelDataProvider();
  const [topUp, setTopUp] = useState(false);
  const driver = useGetOne<Driver>(DRIVERS, { id: driverId });
  const { canAccess: mayTopUp } = useCanAccess({ resource: DRIVERS, action: PAYOUT_ACTION });

  if (driver.isPending) return <LoadingState />;
  if (driver.error || !driver.data)
    return (
      <ErrorState
        message={(driver.error as Error | undefined)?.message ?? translate('app.wallet.noDriver')}
        onRetry={() => void driver.refetch()}
      />
    );
  const d = driver.data;
  const name = `${d.firstName} ${d.lastName}`;
  const balance = d.creditBalance;

  return (
    <Box sx={{ pt: 2 }} data-testid="driver-wallet">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap', rowGap: 1 }}>
        <Button component={Link} to={`/${DRIVERS}/${driverId}`} startIcon={<ArrowBackIcon />} size="small">
          {name}
        </Button>
      </Stack>
      <Card sx={{ mb: 2 }}>
        <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 3, flexWrap: 'wrap' }}>
          <Box>
            <Typography variant="caption" color="text.secondary">
              {translate('app.wallet.balance')}
            </Typography>
            <Typography
              variant="h4"
              component="p"
              data-testid="wallet-balance"
              color={balance < 0 ? 'error' : undefined}
              sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 700 }}
            >
              {formatMoney(balance)}
            </Typography>
            {balance < 0 && (
              <Typography variant="body2" color="error">
                {translate('app.wallet.owes')}
              </Typography>
            )}
          </Box>
          <Box sx={{ flex: 1 }} />
          {mayTopUp && (
            <Button variant="contained" startIcon={<AddCardIcon />} onClick={() => setTopUp(true)}>
              {translate('app.wallet.topUp')}
            </Button>
          )}
        </CardContent>
      </Card>

      <ResourceList
        filter={{ driverId }}
        storeKey={`driver-wallet-${driverId}`}
        title={translate('app.wallet.title', { name })}
        filters={walletFilters}
        create={false}
        empty={<EmptyState message={translate('app.wallet.empty')} />}
      >
        <LedgerTable {...WALLET_LEDGER} messages="app.wallet" sortable />
      </ResourceList>

      <ActionDialog<{ creditBalance: number }>
        key={topUp ? 'open' : 'closed'}
        open={topUp}
        title={translate('app.wallet.topUpTitle', { name })}
        schema={creditTopupSchema}
        defaultValues={{ driverId, amount: '', note: '' }}
        submitLabel={translate('app.wallet.confirmTopUp')}
        run={(values) =>
          dataProvider.action(ACTIONS['driver-transactions']['credit-topup'], {
            // The dialog has validated them with the same schema.
            data: values as InferType<typeof creditTopupSchema>,
          })
        }
        onClose={() => setTopUp(false)}
        onDone={() => {
          setTopUp(false);
          refresh();
        }}
      >
        <Typography variant="body2" sx={{ mb: 1 }}>
          {translate('app.wallet.current', { balance: formatMoney(balance) })}
        </Typography>
        <NumberInput
          source="amount"
          label="app.wallet.amountLabel"
          helperText="app.wallet.amountHint"
          min={0.01}
          max={MAX_TOPUP}
          step={0.01}
          fullWidth
        />
        <TextInput source="note" label="app.wallet.note" helperText="app.wallet.noteHint" multiline fullWidth />
        <NewBalance balance={balance} />
      </ActionDialog>
    </Box>
  );
}
