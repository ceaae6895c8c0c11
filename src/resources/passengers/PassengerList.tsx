import { Box, useMediaQuery, type Theme } from '@mui/material';
import { DataTable } from 'react-admin';
import { DateTimeField } from '../../kit/DateTimeField';
import { DATE_ONLY } from '../../kit/format';
import { PhoneField } from '../../kit/PhoneField';
import { RatingField } from '../../kit/RatingField';
import { ResourceList } from '../../kit/ResourceList';
import { StatusChip } from '../../kit/StatusChip';
import { toShowPage } from '../shared/recordPaths';
import type { ListScreenProps } from '../types';
import { passengerExporter } from './passengerExporter';
import { passengerFilters } from './passengerFilters';
import { PassengerNameField } from './PassengerNameField';
import type { Passenger } from './types';

const noWrap = () => ({ whiteSpace: 'nowrap' });

/**
 * /passenger-management/passengers: name with avatar, phone, email, trips
 * completed, rating given by drivers, last trip, status and joined date, with
 * search, status, joined range and open-issue filters and CSV export. The
 * statistics are columns kept by the database, so sorting by them stays fast
 * at a million trips. A row opens the passenger's page.
 */
export default function PassengerList(props: ListScreenProps) {
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('xl'));
  const large = useMediaQuery((theme: Theme) => theme.breakpoints.up('lg'));
  const medium = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'));
  return (
    <ResourceList {...props} filters={passengerFilters} exporter={passengerExporter}>
      <DataTable<Passenger> rowClick={toShowPage} bulkActionButtons={false}>
        <DataTable.Col
          source="firstName"
          label="app.passengers.name"
          render={() => <PassengerNameField withDetails={!medium} />}
        />
        {medium && <DataTable.Col source="phone" disableSort cellSx={noWrap} field={PhoneField} />}
        {large && (
          <DataTable.Col
            source="email"
            render={(p) => (
              <Box
                component="span"
                title={p.email ?? undefined}
                sx={{ display: 'block', maxWidth: 220, overflow: 'hidden', textOverflow: 'ellipsis' }}
              >
                {p.email ?? '—'}
              </Box>
            )}
          />
        )}
        <DataTable.NumberCol source="completedTrips" />
        {medium && <DataTable.Col source="rating" cellSx={noWrap} field={RatingField} />}
        {medium && (
          <DataTable.Col
            source="lastTripAt"
            cellSx={noWrap}
            render={() => <DateTimeField source="lastTripAt" relative emptyText="—" />}
          />
        )}
        <DataTable.Col source="status" render={() => <StatusChip palette="passengerStatus" />} />
        {wide && (
          <DataTable.Col
            source="createdAt"
            cellSx={noWrap}
            render={() => <DateTimeField source="createdAt" options={DATE_ONLY} />}
          />
        )}
      </DataTable>
    </ResourceList>
  );
}
