import EditIcon from '@mui/icons-material/Edit';
import { Button, Typography } from '@mui/material';
import { useState } from 'react';
import { FormDataConsumer, RadioButtonGroupInput, SelectInput, TextInput, useTranslate } from 'react-admin';
import { bankName, KENYAN_BANKS, payoutDetailsSchema } from '../../domain/payoutDetails';
import { DateTimeField } from '../../kit/DateTimeField';
import { FieldGrid, KeyValue, SectionCard } from '../../kit/DetailBlocks';
import { enumChoices, enumLabelKey } from '../../kit/enumChoices';
import { usePanelDataProvider } from '../../dataProviders/useAction';
import { ActionDialog } from './ActionDialog';
import type { Driver } from './types';

const RESOURCE = 'driver-management/drivers';
const field = (name: string) => `resources.${RESOURCE}.fields.${name}`;
const BANK_CHOICES = KENYAN_BANKS.map((b) => ({ id: b.code, name: `${b.name} (${b.code})` }));

/**
 * How the driver is paid out: M-Pesa to their phone, or a bank transfer. The account number is
 * only ever shown masked (the API answers no more); staff who may update drivers change it here.
 */
export function PayoutDetailsCard({
  driver,
  mayUpdate,
  onSaved,
}: {
  driver: Driver;
  mayUpdate: boolean;
  onSaved: () => void;
}) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const bank = driver.payoutMethod === 'bank';
  return (
    <SectionCard
      title={translate('app.payouts.details.title')}
      action={
        mayUpdate && (
          <Button size="small" startIcon={<EditIcon />} onClick={() => setOpen(true)}>
            {translate('app.payouts.details.edit')}
          </Button>
        )
      }
    >
      <FieldGrid>
        <KeyValue label={translate(field('payoutMethod'))}>
          {bank
            ? translate(enumLabelKey('payoutMethod', 'bank'))
            : translate('app.payouts.details.mpesaTo', { phone: driver.phone })}
        </KeyValue>
        {bank && (
          <>
            <KeyValue label={translate(field('bankCode'))}>
              {driver.bankCode ? `${bankName(driver.bankCode) ?? ''} (${driver.bankCode})` : '—'}
            </KeyValue>
            <KeyValue label={translate(field('bankBranchCode'))}>{driver.bankBranchCode ?? '—'}</KeyValue>
            <KeyValue label={translate(field('bankAccountHolder'))}>{driver.bankAccountHolder ?? '—'}</KeyValue>
            <KeyValue label={translate(field('bankAccountMasked'))}>
              <span data-testid="bank-account-masked">{driver.bankAccountMasked ?? '—'}</span>
            </KeyValue>
          </>
        )}
        {driver.payoutDetailsUpdatedAt && (
          <KeyValue label={translate(field('payoutDetailsUpdatedAt'))}>
            <DateTimeField source="payoutDetailsUpdatedAt" />
          </KeyValue>
        )}
      </FieldGrid>
      {bank && (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
          {translate('app.payouts.details.masked')}
        </Typography>
      )}
      {open && <PayoutDetailsDialog driver={driver} onClose={() => setOpen(false)} onSaved={onSaved} />}
    </SectionCard>
  );
}

function PayoutDetailsDialog({
  driver,
  onClose,
  onSaved,
}: {
  driver: Driver;
  onClose: () => void;
  onSaved: () => void;
}) {
  const translate = useTranslate();
  const dataProvider = usePanelDataProvider();
  return (
    <ActionDialog<Driver>
      open
      title={translate('app.payouts.details.editTitle', { name: `${driver.firstName} ${driver.lastName}` })}
      schema={payoutDetailsSchema}
      defaultValues={{
        payoutMethod: driver.payoutMethod,
        bankCode: driver.bankCode ?? '',
        bankBranchCode: driver.bankBranchCode ?? '',
        bankAccountHolder: driver.bankAccountHolder ?? `${driver.firstName} ${driver.lastName}`.toUpperCase(),
        bankAccountNumber: '',
      }}
      submitLabel={translate('ra.action.save')}
      run={async ({ bankAccountNumber, ...rest }) => {
        // An empty number keeps the one on file (the form never holds it: the API answers it masked).
        const data = bankAccountNumber ? { ...rest, bankAccountNumber } : rest;
        const { data: saved } = await dataProvider.update<Driver>(RESOURCE, {
          id: driver.id,
          data,
          previousData: driver,
        });
        return { data: saved, message: translate('app.payouts.details.saved') };
      }}
      onClose={onClose}
      onDone={() => {
        onClose();
        onSaved();
      }}
    >
      <RadioButtonGroupInput
        source="payoutMethod"
        label={field('payoutMethod')}
        choices={enumChoices('payoutMethod')}
      />
      <FormDataConsumer<{ payoutMethod?: string }>>
        {({ formData }) =>
          formData.payoutMethod === 'bank' && (
            <>
              <SelectInput source="bankCode" label={field('bankCode')} choices={BANK_CHOICES} fullWidth />
              <TextInput source="bankBranchCode" label={field('bankBranchCode')} fullWidth />
              <TextInput source="bankAccountHolder" label={field('bankAccountHolder')} fullWidth />
              <TextInput
                source="bankAccountNumber"
                label={field('bankAccountNumber')}
                autoComplete="off"
                helperText={
                  driver.bankAccountMasked
                    ? translate('app.payouts.details.accountOnFile', { masked: driver.bankAccountMasked })
                    : 'app.payouts.details.accountHint'
                }
                fullWidth
              />
            </>
          )
        }
      </FormDataConsumer>
    </ActionDialog>
  );
}
