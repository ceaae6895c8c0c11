import { ACTIONS } from '../../domain/resourceActions';
import CallIcon from '@mui/icons-material/Call';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import DoNotDisturbIcon from '@mui/icons-material/DoNotDisturbOn';
import NoteAddIcon from '@mui/icons-material/NoteAdd';
import PanToolIcon from '@mui/icons-material/PanTool';
import { Box, Button, Grid, Link as MuiLink, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import {
  RecordContextProvider,
  TextInput,
  Title,
  useCanAccess,
  useGetList,
  useGetOne,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { sosCallLogs, sosContacts, trips } from '../../domain/resources';
import { sosActionBodies } from '../../domain/resources/sosCallLogs';
import { formatAge, secondsBetween } from '../../domain/sos';
import { ActionDialogButton } from '../../kit/ActionDialog';
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
import { callerResource, HandledByField } from './SosFields';
import type { SosAlarm, SosStep } from './types';
import { useAcknowledge } from './useAcknowledge';
import { useNow } from '../../kit/useNow';
import { useSosLive } from './useSosLive';
import { SosMarkChip } from './SosMarkChip';

interface Contact extends RaRecord<number> {
  name: string;
  phone: string;
  description: string | null;
}

const OPEN = ['new', 'acknowledged'];

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

/** A simulated alarm nobody acted on, closed by the server (no member of staff on that step). */
const closedAutomatically = (alarm: SosAlarm, step: SosStep) =>
  alarm.simulated && (step.kind === 'resolved' || step.kind === 'false_alarm') && step.staffId === null;

/** Raised, reported again, acknowledged by whom after how long, notes, resolved or false alarm. */
function Timeline({ alarm }: { alarm: SosAlarm }) {
  const translate = useTranslate();
  const kind = translate(enumLabelKey('reporterKind', alarm.callerKind), { _: alarm.callerKind }).toLowerCase();
  const text = (step: SosStep) =>
    translate(`app.sos.timeline.${closedAutomatically(alarm, step) ? 'closedAutomatically' : step.kind}`, {
      kind,
      who: step.staffName ?? '—',
      time: step.seconds == null ? '—' : formatSecondsPrecise(step.seconds),
    });
  const steps = alarm.timeline ?? [];
  return (
    <SectionCard title={translate('app.sos.detail.timeline')}>
      {steps.length === 0 ? (
        <EmptyState message="—" />
      ) : (
        <Box component="ol" data-testid="sos-timeline" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {steps.map((step) => (
            <Box
              component="li"
              key={step.id}
              data-kind={step.kind}
              sx={{ display: 'flex', gap: 2, py: 1, '& + &': { borderTop: 1, borderColor: 'divider' } }}
            >
              <Typography
                component="time"
                variant="body2"
                color="text.secondary"
                dateTime={new Date(step.at).toISOString()}
                sx={{ flexShrink: 0, width: { xs: 110, sm: 150 }, fontVariantNumeric: 'tabular-nums' }}
              >
                {formatDateTime(step.at)}
              </Typography>
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="body2" sx={{ fontWeight: step.kind === 'note' ? 400 : 600 }}>
                  {text(step)}
                </Typography>
                {step.note && (
                  <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-wrap' }}>
                    {step.note}
                  </Typography>
                )}
              </Box>
            </Box>
          ))}
        </Box>
      )}
    </SectionCard>
  );
}

/** Acknowledge (one click), add a note, resolve, false alarm — for staff who may act. */
function AlarmActions({ alarm }: { alarm: SosAlarm }) {
  const translate = useTranslate();
  const { canAccess } = useCanAccess({ resource: sosCallLogs.path, action: 'edit' });
  const { acknowledge, pendingId } = useAcknowledge();
  if (!canAccess) return null;
  const open = OPEN.includes(alarm.status);
  const noteInput = (
    <TextInput source="note" label="resources.sos-call-logs.fields.note" multiline minRows={3} fullWidth autoFocus />
  );
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
      {alarm.status === 'new' && (
        <Button
          variant="contained"
          color="error"
          startIcon={<PanToolIcon />}
          disabled={pendingId === alarm.id}
          onClick={() => void acknowledge(alarm.id)}
        >
          {translate('app.sos.actions.acknowledge')}
        </Button>
      )}
      <ActionDialogButton
        action={ACTIONS['sos-call-logs'].note}
        label="app.sos.actions.note"
        icon={<NoteAddIcon />}
        title="app.sos.actions.noteTitle"
        confirmLabel="app.sos.actions.save"
        schema={sosActionBodies.note}
        defaultValues={{ note: '' }}
      >
        {noteInput}
      </ActionDialogButton>
      {open && (
        <ActionDialogButton
          action={ACTIONS['sos-call-logs'].resolve}
          label="app.sos.actions.resolve"
          icon={<CheckCircleIcon />}
          color="success"
          title="app.sos.actions.resolveTitle"
          description={translate('app.sos.actions.resolveHelp')}
          confirmLabel="app.sos.actions.resolve"
          schema={sosActionBodies.resolve}
          defaultValues={{ note: '' }}
        >
          {noteInput}
        </ActionDialogButton>
      )}
      {open && (
        <ActionDialogButton
          action={ACTIONS['sos-call-logs']['false-alarm']}
          label="app.sos.actions.falseAlarm"
          icon={<DoNotDisturbIcon />}
          color="inherit"
          title="app.sos.actions.falseAlarmTitle"
          description={translate('app.sos.actions.falseAlarmHelp')}
          confirmLabel="app.sos.actions.falseAlarm"
          schema={sosActionBodies.falseAlarm}
          defaultValues={{ note: '' }}
        >
          {noteInput}
        </ActionDialogButton>
      )}
    </Stack>
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
              <Timeline alarm={alarm} />
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
