import { Stack } from '@mui/material';
import { DataTable, useTranslate } from 'react-admin';
import { FieldGrid, KeyValue, SectionCard } from '../../kit/DetailBlocks';
import { enumLabelKey } from '../../kit/enumChoices';
import { formatCalendarDay, formatRelativeTime } from '../../kit/format';
import { EmptyState } from '../../kit/States';
import { StatusChip } from '../../kit/StatusChip';
import type { Driver, DriverDocument } from './types';

const RESOURCE = 'driver-management/drivers';

/** What a tab shows to staff who may not list its records. */
export function Denied() {
  const translate = useTranslate();
  return <EmptyState message={translate('ra.page.not_authorized', { _: 'Not authorized' })} />;
}

export function ProfileTab({ driver }: { driver: Driver }) {
  const translate = useTranslate();
  const v = (value: unknown) => (value === null || value === undefined || value === '' ? '—' : String(value));
  return (
    <Stack spacing={2}>
      <SectionCard title={translate('app.drivers.profile')}>
        <FieldGrid>
          <KeyValue label={translate('app.drivers.fullName')}>{`${driver.firstName} ${driver.lastName}`}</KeyValue>
          <KeyValue label={translate('app.auth.fields.email')}>{v(driver.email)}</KeyValue>
          <KeyValue label={translate('app.drivers.sex')}>
            {driver.sex ? translate(enumLabelKey('sex', driver.sex)) : '—'}
          </KeyValue>
          <KeyValue label={translate('app.drivers.licenceNumber')}>{v(driver.licenceNumber)}</KeyValue>
          <KeyValue label={translate('app.drivers.expiry')}>{formatCalendarDay(driver.licenceExpiry) ?? '—'}</KeyValue>
        </FieldGrid>
      </SectionCard>
      <SectionCard title={translate('app.drivers.vehicle')}>
        <FieldGrid>
          <KeyValue label={translate('app.drivers.vehicleType')}>
            {v((driver as { vehicleTypeName?: string }).vehicleTypeName)}
          </KeyValue>
          <KeyValue label={translate('app.drivers.makeModel')}>
            {v([driver.vehicleMake, driver.vehicleModel].filter(Boolean).join(' '))}
          </KeyValue>
          <KeyValue label={translate('app.drivers.plate')}>{v(driver.vehiclePlate)}</KeyValue>
          <KeyValue label={translate('app.drivers.colour')}>{v(driver.vehicleColour)}</KeyValue>
          <KeyValue label={translate('app.drivers.year')}>{v(driver.vehicleYear)}</KeyValue>
        </FieldGrid>
      </SectionCard>
    </Stack>
  );
}

/** Every upload, newest first, with its decision: the documents' history. */
export function DocumentsTab({ documents }: { documents: DriverDocument[] }) {
  const translate = useTranslate();
  if (!documents.length) return <EmptyState message={translate('app.drivers.noDocuments')} />;
  const rows = [...documents].reverse();
  return (
    <SectionCard title={translate('app.drivers.tabs.documents')}>
      <DataTable
        data={rows}
        total={rows.length}
        bulkActionButtons={false}
        rowClick={false}
        hover={false}
        resource={RESOURCE}
      >
        <DataTable.Col
          source="kind"
          label="app.drivers.kind"
          render={(d: DriverDocument) => translate(enumLabelKey('documentKind', d.kind))}
        />
        <DataTable.Col
          source="status"
          label="app.drivers.status"
          render={() => <StatusChip palette="documentReview" />}
        />
        <DataTable.Col source="number" label="app.drivers.documentNumber" />
        <DataTable.Col
          source="expiryDate"
          label="app.drivers.expiry"
          cellSx={() => ({ whiteSpace: 'nowrap' })}
          render={(d: DriverDocument) => formatCalendarDay(d.expiryDate) ?? '—'}
        />
        <DataTable.Col
          source="rejectReason"
          label="app.drivers.reason"
          render={(d: DriverDocument) =>
            d.rejectReason
              ? `${translate(enumLabelKey('documentRejectReason', d.rejectReason))}${d.note ? ` — ${d.note}` : ''}`
              : (d.note ?? '')
          }
        />
        <DataTable.Col
          source="reviewedAt"
          label="app.drivers.decided"
          render={(d: DriverDocument) =>
            d.reviewedAt ? `${d.reviewedByName ?? '—'}, ${formatRelativeTime(d.reviewedAt) ?? ''}` : '—'
          }
        />
        <DataTable.Col
          source="createdAt"
          label="app.drivers.uploaded"
          render={(d: DriverDocument) => formatRelativeTime(d.createdAt)}
        />
      </DataTable>
    </SectionCard>
  );
}
