import { List, ListItemButton, ListItemText, Typography } from '@mui/material';
import { RecordContextProvider, useCanAccess, useGetList, useTranslate, type Identifier } from 'react-admin';
import { StatusChip } from '../../kit/StatusChip';
import { trips } from '../../resources/trips';

const LATEST_TRIPS = { pagination: { page: 1, perPage: 20 }, sort: { field: 'id', order: 'DESC' as const } };

interface Props {
  selectedId?: Identifier;
  onSelect: (id: Identifier) => void;
}

/** The dispatcher's side area: the latest trips; picking one shows its route. */
export function LatestTrips({ selectedId, onSelect }: Props) {
  const translate = useTranslate();
  const { canAccess } = useCanAccess({ resource: trips.path, action: 'list' });
  const { data = [], isPending } = useGetList(trips.path, LATEST_TRIPS, { enabled: canAccess === true });

  return (
    <>
      <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700, px: 2, pt: 2, pb: 1 }}>
        {translate('app.dispatcher.latestTrips')}
      </Typography>
      {canAccess && !isPending && data.length === 0 && (
        <Typography color="text.secondary" sx={{ px: 2 }}>
          {translate('app.dispatcher.noTrips')}
        </Typography>
      )}
      <List dense>
        {data.map((trip) => (
          <ListItemButton
            key={trip.id}
            selected={trip.id === selectedId}
            aria-pressed={trip.id === selectedId}
            onClick={() => onSelect(trip.id)}
          >
            <ListItemText primary={translate('app.dispatcher.trip', { id: trip.id })} />
            <RecordContextProvider value={trip}>
              <StatusChip palette="tripStatus" />
            </RecordContextProvider>
          </ListItemButton>
        ))}
      </List>
    </>
  );
}
