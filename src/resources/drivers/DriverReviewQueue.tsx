import CancelIcon from '@mui/icons-material/Cancel';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RateReviewIcon from '@mui/icons-material/RateReview';
import { Box, Button, IconButton, Tooltip, useMediaQuery, type Theme } from '@mui/material';
import { DataTable, SearchInput, SelectInput, useRecordContext, useTranslate } from 'react-admin';
import { Link } from 'react-router';
import { DateTimeField } from '../../kit/DateTimeField';
import { DATE_ONLY } from '../../kit/format';
import { BulkActions, type BulkActionSpec } from '../../kit/BulkActions';
import { ResourceList } from '../../kit/ResourceList';
import { EmptyState } from '../../kit/States';
import { StatusChip } from '../../kit/StatusChip';
import { enumChoices } from '../../kit/enumChoices';
import type { ListScreenProps } from '../types';
import { AttentionChips, DocumentProgressBar, WaitingTime } from './DocumentProgress';
import { DriverNameCell, VehicleCell } from './DriverCells';
import { UNAPPROVED_STATUSES } from './approvalFilters';
import { reviewPath } from './reviewPath';
import type { Driver } from './types';
import { ACTIONS } from '../../domain/resourceActions';

/** Every document waiting for review, of each selected driver, with one reason. */
const REVIEW_BULK_ACTIONS: BulkActionSpec[] = [
  { action: ACTIONS.drivers['approve-documents'], icon: <CheckCircleIcon />, color: 'success' },
  { action: ACTIONS.drivers['reject-documents'], icon: <CancelIcon />, color: 'error' },
];

const noWrap = () => ({ whiteSpace: 'nowrap' });

const queueFilters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput
    key="approvalStatus"
    source="approvalStatus"
    label="app.drivers.status"
    choices={enumChoices('driverApproval').filter((c) => (UNAPPROVED_STATUSES as readonly string[]).includes(c.id))}
    emptyText="app.drivers.anyStatus"
    alwaysOn
    sx={{ minWidth: 160 }}
  />,
];

/** Review, with its label; on a narrow window the icon alone (named for screen readers). */
function ReviewButton({ compact = false }: { compact?: boolean }) {
  const translate = useTranslate();
  const driver = useRecordContext<Driver>();
  if (!driver) return null;
  if (compact)
    return (
      <Tooltip title={translate('app.drivers.review')}>
        <IconButton
          component={Link}
          to={reviewPath(driver.id)}
          aria-label={translate('app.drivers.review')}
          color="primary"
          onClick={(event: React.MouseEvent) => event.stopPropagation()}
        >
          <RateReviewIcon />
        </IconButton>
      </Tooltip>
    );
  return (
    <Button
      component={Link}
      to={reviewPath(driver.id)}
      size="small"
      variant="contained"
      startIcon={<RateReviewIcon />}
      onClick={(event) => event.stopPropagation()}
    >
      {translate('app.drivers.review')}
    </Button>
  );
}

/**
 * /driver-management/unapproved-drivers: the review queue, oldest sign-up first, with the waiting
 * time, the documents' progress and what needs attention; Review opens the review screen.
 */
export default function DriverReviewQueue(props: ListScreenProps) {
  const translate = useTranslate();
  const medium = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'));
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('lg'));
  return (
    <ResourceList
      {...props}
      filters={queueFilters}
      sort={{ field: 'createdAt', order: 'ASC' }}
      filterDefaultValues={{ approvalStatus: 'pending' }}
      createTo="/driver-management/create"
      empty={<EmptyState message={translate('app.drivers.queueEmpty')} />}
    >
      <DataTable<Driver>
        rowClick={(id) => reviewPath(id)}
        // On a narrow window the row keeps its Review button in view: no selection column there.
        bulkActionButtons={medium ? <BulkActions actions={REVIEW_BULK_ACTIONS} /> : false}
      >
        <DataTable.Col source="firstName" label="app.drivers.name" render={() => <DriverNameCell withPhone />} />
        <DataTable.Col
          source="createdAt"
          label="app.drivers.signedUpWaiting"
          cellSx={noWrap}
          render={(driver: Driver) => (
            <Box>
              <DateTimeField source="createdAt" options={DATE_ONLY} />
              <Box>
                <WaitingTime since={String(driver.createdAt)} />
              </Box>
            </Box>
          )}
        />
        {medium && (
          <DataTable.Col
            source="approvalStatus"
            render={() => <StatusChip palette="driverApproval" source="approvalStatus" />}
          />
        )}
        <DataTable.Col
          source="documents"
          label="app.drivers.documents"
          disableSort
          render={(driver: Driver) => <DocumentProgressBar documents={driver.documents} />}
        />
        {medium && (
          <DataTable.Col
            source="documents"
            label="app.drivers.needsAttention"
            disableSort
            render={(driver: Driver) => <AttentionChips documents={driver.documents} />}
          />
        )}
        {wide && (
          <DataTable.Col source="vehiclePlate" label="app.drivers.vehicle" disableSort render={() => <VehicleCell />} />
        )}
        <DataTable.Col source="id" label="" disableSort render={() => <ReviewButton compact={!medium} />} />
      </DataTable>
    </ResourceList>
  );
}
