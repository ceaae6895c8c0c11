import CloseIcon from '@mui/icons-material/Close';
import { Box, Button, Card, CardContent, Drawer, IconButton, Stack, Typography, useMediaQuery } from '@mui/material';
import { Link } from 'react-router';
import { RecordContextProvider, useGetOne, useStore, useTranslate } from 'react-admin';
import { RouteMap } from '../../kit/map';
import { MoneyField } from '../../kit/MoneyField';
import { StatusChip } from '../../kit/StatusChip';
import { LoadingState, ErrorState } from '../../kit/States';
import { showPath } from '../shared/recordPaths';
import { trips } from '../../domain/resources';
import type { Trip } from './types';

/** The trip whose route the list previews: client state, kept across visits (the spec's "selected trip"). */
export const PREVIEW_STORE_KEY = 'trips.preview';
export const usePreviewedTrip = () => useStore<number | null>(PREVIEW_STORE_KEY, null);

/**
 * Whether the preview fits beside the table (menu open, every column shown). Narrower, the map
 * button opens it in a drawer instead, and pointing at a row previews nothing: a panel popping
 * over the table on every hover would hide the columns being read.
 */
export const PREVIEW_BESIDE_QUERY = '(min-width:1600px)';
export const usePreviewBeside = () => useMediaQuery(PREVIEW_BESIDE_QUERY);

/** The list's preview, beside the table where it fits, else in a drawer opened by a row's map button. */
export function TripPreview() {
  const beside = usePreviewBeside();
  return beside ? <TripPreviewPanel /> : <TripPreviewDrawer />;
}

function TripPreviewPanel() {
  const translate = useTranslate();
  const [id] = usePreviewedTrip();
  return (
    <Card sx={{ width: 320, flexShrink: 0, marginInlineStart: 2, alignSelf: 'flex-start' }}>
      <CardContent>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
          {translate('app.trips.preview.title')}
        </Typography>
        {id === null ? (
          <Typography variant="body2" color="text.secondary">
            {translate('app.trips.preview.hint')}
          </Typography>
        ) : (
          <PreviewedTrip id={id} />
        )}
      </CardContent>
    </Card>
  );
}

function TripPreviewDrawer() {
  const translate = useTranslate();
  const [id, setId] = usePreviewedTrip();
  const close = () => setId(null);
  return (
    <Drawer anchor="right" open={id !== null} onClose={close} slotProps={{ paper: { sx: { width: 360, p: 2 } } }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
          {translate('app.trips.preview.title')}
        </Typography>
        <IconButton aria-label={translate('ra.action.close')} onClick={close} size="small">
          <CloseIcon fontSize="small" />
        </IconButton>
      </Stack>
      {id !== null && <PreviewedTrip id={id} />}
    </Drawer>
  );
}

/** The previewed trip: its route on a map, its addresses in full, its fare and a link to it. */
function PreviewedTrip({ id }: { id: number }) {
  const translate = useTranslate();
  const { data, isPending, error, refetch } = useGetOne<Trip>(
    trips.path,
    { id },
    { placeholderData: (previous) => previous },
  );
  if (error) return <ErrorState message={error.message} onRetry={() => void refetch()} />;
  if (isPending || !data) return <LoadingState />;
  return (
    <RecordContextProvider value={data}>
      <Stack spacing={1} data-testid="trip-preview">
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
          <Typography variant="subtitle2">{translate('app.trips.number', { id: data.id })}</Typography>
          <StatusChip palette="tripStatus" />
        </Stack>
        <RouteMap
          encodedRoute={data.routePolyline}
          label={translate('app.trips.number', { id: data.id })}
          height={240}
        />
        <Box>
          <AddressLine address={data.pickupAddress} colour="#2e7d32" />
          <AddressLine address={data.dropoffAddress} colour="#c62828" />
        </Box>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
          <MoneyField source="fareTotal" />
          <Button component={Link} to={showPath(trips.path, data.id)} size="small" variant="outlined">
            {translate('app.trips.preview.open')}
          </Button>
        </Stack>
      </Stack>
    </RecordContextProvider>
  );
}

/** An address in full, behind a dot in its marker's colour (pickup green, drop-off red, as on the map). */
function AddressLine({ address, colour }: { address: string; colour: string }) {
  return (
    <Typography variant="body2" title={address}>
      <Box component="span" sx={{ color: colour, fontWeight: 700 }}>
        ●{' '}
      </Box>
      {address}
    </Typography>
  );
}
