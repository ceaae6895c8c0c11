import CallIcon from '@mui/icons-material/Call';
import { Box, Grid, Link as MuiLink, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import {
  RecordContextProvider,
  Title,
  useCanAccess,
  useGetList,
  useGetOne,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { sosCallLogs, sosContacts, trips } from '../../domain/resources';
import { formatAge, secondsBetween } from '../../domain/sos';
import { FieldGrid, KeyValue, SectionCard } from '../../kit/DetailBlocks';
import { enumLabelKey } from '../../kit/enumChoices';
import { formatDateTime, formatRelativeTime, formatSecondsPrecise } from '../../kit/format';
import { GuardedLink } from '../../kit/LinkedRecordField';
import { RouteMap } from '../../kit/map';
import { MoneyField } from '../../kit/MoneyField';
import { EmptyState, ErrorState, LoadingState } from '../../kit/States';
import { StatusChip } from '../../kit/StatusChip';
import { showPath } from '../shared/recordPaths';
import { useRecordFromRoute } from '../shared/useRecordFromRoute';
import { TripParties } from '../trips/TripParties';
import type { Trip } from '../trips/types';
import { useTripDriverPosition } from '../trips/useTripDriverPosition';
import { AlarmActions } from './AlarmActions';
import { AlarmTimeline } from './AlarmTimeline';
import { callerResource, HandledByField } from './SosFields';
import type { SosAlarm } from './types';
import { useNow } from '../../kit/useNow';
import { useSosLive } from './useSosLive';
import { SosMarkChip } from './SosMarkChip';

interface Contact extends RaRecord<number> {
  name: string;
  phone: string;
  description: string | null;
}

/** The caller's position, the trip's route and, while the trip runs, the driver's live position. */
function AlarmMap({ alarm, trip }: { alarm: SosAlarm; trip: Trip | undefined }) {
  const translate = useTranslate();
  const position = useTripDriverPosition(trip);
  const mover = position
    ? { lat: position.lat, lng: position.lng, label: trip?.driverName ?? translate('app.trips.parties.driver') }
    : null;
  const caller = alarm.callerName ?? `${alarm.callerKind} #${alarm.callerId}`;
  return (
    <SectionCard
      title={translate('app.sos.detail.map')}
      subheader={
        position?.at
          ? translate('app.sos.detail.driverLive', { time: formatRelativeTime(position.at) })
          : `${alarm.lat.toFixed(5)}, ${alarm.lng.toFixed(5)}`
      }
    >
      <RouteMap
        encodedRoute={trip?.routePolyline}
        mover={mover}
        pins={[{ lat: alarm.lat, lng: alarm.lng, label: translate('app.sos.detail.callerAt', { name: caller }) }]}
        label={translate('app.sos.number', { id: alarm.id })}
        height={340}
      />
    </SectionCard>
  );
}

/** One tappable phone number: `tel:` with who it is. */
function PhoneLine({ label, name, phone }: { label: string; name: string | null; phone: string | null }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
      <CallIcon color="primary" aria-hidden />
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="caption" color="text.secondary" component="div">
          {label}
          {name ? ` · ${name}` : ''}
        </Typography>
        {phone ? (
          <MuiLink href={`tel:${phone}`} sx={{ fontWeight: 700, fontSize: '1.05rem' }}>
            {phone}
          </MuiLink>
        ) : (
          <Typography variant="body2">—</Typography>
        )}
      </Box>
    </Box>
  );
}

/** The active emergency contacts in the apps' order, to call from (read-only; edited at /sos-contacts). */
function EmergencyContacts() {
  const translate = useTranslate();
  const { data, isPending, error, refetch } = useGetList<Contact>(sosContacts.path, {
    filter: { active: true },
    sort: { field: 'displayOrder', order: 'ASC' },
    pagination: { page: 1, perPage: 50 },
  });
  return (
    <SectionCard title={translate('app.sos.detail.contacts')} data-testid="sos-contacts">
      {error ? (
        <ErrorState message={(error as Error).message} onRetry={() => void refetch()} />
      ) : isPending ? (
        <LoadingState />
      ) : !data?.length ? (
        <EmptyState message={translate('app.sos.detail.noContacts')} />
      ) : (
        <List dense disablePadding>
          {data.map((c) => (
            <ListItem key={c.id} disableGutters>
              <ListItemText
                primary={
                  <>
                    {c.name} · <MuiLink href={`tel:${c.phone}`}>{c.phone}</MuiLink>
                  </>
                }
                secondary={c.description}
              />
            </ListItem>
          ))}
        </List>
      )}
    </SectionCard>
  );
}

/** The trip: linked, status, addresses, fare. */
function TripCard({ alarm, trip }: { alarm: SosAlarm; trip: Trip | undefined }) {
  const translate = useTranslate();
  return (
    <SectionCard title={translate('app.sos.detail.trip')} data-testid="sos-trip">
      <Stack spacing={1}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <GuardedLink resource={trips.path} to={showPath(trips.path, alarm.tripId)}>
            {translate('app.trips.number', { id: alarm.tripId })}
          </GuardedLink>
          {trip && (
            <RecordContextProvider value={trip}>
              <StatusChip palette="tripStatus" />
            </RecordContextProvider>
          )}
        </Box>
        {trip && (
          <RecordContextProvider value={trip}>
            <Typography variant="body2">
              <Box component="span" sx={{ color: '#2e7d32', fontWeight: 700 }}>
                ●{' '}
              </Box>
              {trip.pickupAddress}
            </Typography>
            <Typography variant="body2">
              <Box component="span" sx={{ color: '#c62828', fontWeight: 700 }}>
                ●{' '}
              </Box>
              {trip.dropoffAddress}
            </Typography>
            <Typography variant="body2" component="div">
              {trip.vehicleTypeName} · <MoneyField source="fareTotal" />
            </Typography>
          </RecordContextProvider>
        )}
      </Stack>
    </SectionCard>
  );
}

/** The alarm's key facts: raised, reports, who acknowledged and after how long (or how long it waits), who closed it. */
function AlarmFacts({ alarm }: { alarm: SosAlarm }) {
  const translate = useTranslate();
  const waiting = alarm.status === 'new';
  const now = new Date(useNow(1000, waiting));
  return (
    <FieldGrid>
      <KeyValue label={translate('app.sos.detail.raised')}>{formatDateTime(alarm.calledAt)}</KeyValue>
      <KeyValue label={translate('app.sos.detail.ackTime')}>
        <Box component="span" data-testid="sos-ack-time" sx={{ fontVariantNumeric: 'tabular-nums' }}>
          {alarm.ackSeconds != null ? (
            formatSecondsPrecise(alarm.ackSeconds)
          ) : waiting ? (
            <Box component="span" sx={{ color: 'error.main', fontWeight: 700 }}>
              {translate('app.sos.detail.waiting', { age: formatAge(secondsBetween(new Date(alarm.calledAt), now)) })}
            </Box>
          ) : (
            // Closed without anyone acknowledging it (a simulated alarm closed automatically).
            '—'
          )}
        </Box>
      </KeyValue>
      <KeyValue label={translate('app.sos.detail.handledBy')}>
        <HandledByField />
      </KeyValue>
      {alarm.reportCount > 1 && <KeyValue label={translate('app.sos.detail.reports')}>{alarm.reportCount}</KeyValue>}
      {(alarm.resolvedByName || (alarm.simulated && alarm.resolvedAt)) && (
        <KeyValue label={translate('app.sos.detail.resolvedBy')}>
          {alarm.resolvedByName ?? translate('app.sos.timeline.closedAutomatically')}
          {alarm.resolvedAt ? ` · ${formatDateTime(alarm.resolvedAt)}` : ''}
        </KeyValue>
      )}
    </FieldGrid>
  );
}

/**
 * /sos-call-logs/:id: everything to handle an alarm on one screen — the caller's position on the
 * trip's route with the driver live, both phones as tel: links, the emergency contacts, the trip and
 * its people, the timeline, and the actions. It follows `sosUpdated` (another agent acknowledging
 * shows at once).
 */
export default function SosCallLogShow() {
  const translate = useTranslate();
  const { record: alarm, state } = useRecordFromRoute<SosAlarm>(sosCallLogs.path);
  useSosLive();
  const { canAccess: canSeeTrips } = useCanAccess({ resource: trips.path, action: 'show' });
  const { data: trip } = useGetOne<Trip>(
    trips.path,
    { id: alarm?.tripId ?? 0 },
    { enabled: !!alarm && canSeeTrips === true },
  );

  if (state) return state;
  const callerKind = translate(enumLabelKey('reporterKind', alarm.callerKind), { _: alarm.callerKind });
  const otherKind = alarm.callerKind === 'passenger' ? 'driver' : 'passenger';
  const callerLink = callerResource(alarm.callerKind);

  return (
    <RecordContextProvider value={alarm}>
      <Title title={translate('app.sos.number', { id: alarm.id })} />
      <Stack spacing={2} sx={{ mt: 1 }} data-testid="sos-show">
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', justifyContent: 'space-between' }}>
          <Box sx={{ minWidth: 0 }}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
              <Typography variant="h5" component="h1">
                {translate('app.sos.number', { id: alarm.id })}
              </Typography>
              <StatusChip palette="sosStatus" />
              {alarm.simulated && (
                <SosMarkChip label="app.sos.simulated" hint="app.sos.simulatedHelp" testId="sos-simulated" />
              )}
            </Box>
            <Typography variant="body2" color="text.secondary">
              {callerKind}{' '}
              <GuardedLink resource={callerLink} to={showPath(callerLink, alarm.callerId)}>
                {alarm.callerName ?? `#${alarm.callerId}`}
              </GuardedLink>{' '}
              · {formatRelativeTime(alarm.calledAt)}
            </Typography>
          </Box>
          <AlarmActions alarm={alarm} />
        </Box>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 8 }}>
            <Stack spacing={2}>
              <SectionCard title={translate('app.sos.detail.alarm')}>
                <AlarmFacts alarm={alarm} />
              </SectionCard>
              <AlarmMap alarm={alarm} trip={trip} />
              <AlarmTimeline alarm={alarm} />
            </Stack>
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <Stack spacing={2}>
              <SectionCard title={translate('app.sos.detail.caller')} data-testid="sos-phones">
                <Stack spacing={1.5}>
                  <PhoneLine
                    label={translate('app.sos.detail.callerPhone')}
                    name={alarm.callerName}
                    phone={alarm.callerPhone}
                  />
                  {alarm.otherPartyId != null && (
                    <PhoneLine
                      label={translate('app.sos.detail.otherPhone', {
                        kind: translate(enumLabelKey('reporterKind', otherKind)).toLowerCase(),
                      })}
                      name={alarm.otherPartyName}
                      phone={alarm.otherPartyPhone}
                    />
                  )}
                </Stack>
              </SectionCard>
              <EmergencyContacts />
              <TripCard alarm={alarm} trip={trip} />
              {trip && <TripParties trip={trip} />}
            </Stack>
          </Grid>
        </Grid>
      </Stack>
    </RecordContextProvider>
  );
}
