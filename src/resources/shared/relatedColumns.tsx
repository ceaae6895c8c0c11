import { DataTable, useRecordContext } from 'react-admin';
import { trips } from '../../domain/resources';
import { DateTimeField } from '../../kit/DateTimeField';
import { GuardedLink } from '../../kit/LinkedRecordField';
import { showPath } from './recordPaths';

const noWrap = () => ({ whiteSpace: 'nowrap' });

/** "#123", linked to the trip's page when the viewer may open it. */
export function TripLink({ source = 'tripId' }: { source?: string }) {
  const record = useRecordContext();
  const id = record?.[source] as number | null | undefined;
  if (id === undefined || id === null) return null;
  return (
    <GuardedLink resource={trips.path} to={showPath(trips.path, id)}>
      #{id}
    </GuardedLink>
  );
}

/**
 * Columns that related tables on a detail page share (a passenger's reviews, issues, history…):
 * called as `{tripColumn()}` inside a `<DataTable>`, so that the table sees its own `DataTable.Col`.
 */
export const tripColumn = ({ source = 'tripId', label = 'app.passengers.trip' } = {}) => (
  <DataTable.Col source={source} label={label} disableSort render={() => <TripLink source={source} />} />
);

/** When the row happened, in the city's time, short (24 Nov, 14:05), on one line. */
export const whenColumn = ({ source = 'createdAt', label = 'app.passengers.when' } = {}) => (
  <DataTable.Col
    source={source}
    label={label}
    disableSort
    cellSx={noWrap}
    render={() => <DateTimeField source={source} />}
  />
);
