import { ACTIONS } from '../../domain/resourceActions';
import SendIcon from '@mui/icons-material/Send';
import { Avatar, Box, Button, Grid, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Form, RecordContextProvider, TextInput, Title, useCanAccess, useGetOne, useTranslate } from 'react-admin';
import { useAction, usePanelDataProvider } from '../../dataProviders/useAction';
import { issues, trips } from '../../domain/resources';
import { issueActions } from '../../domain/resources/issues';
import { yupResolver } from '../../forms/yupResolver';
import { FieldGrid, KeyValue, SectionCard } from '../../kit/DetailBlocks';
import { formatDateTime, formatMoney, formatRelativeTime } from '../../kit/format';
import { GuardedLink } from '../../kit/LinkedRecordField';
import { RouteMap } from '../../kit/map';
import { ErrorState, LoadingState } from '../../kit/States';
import { useRecordFromRoute } from '../shared/useRecordFromRoute';
import { StatusChip } from '../../kit/StatusChip';
import { showPath } from '../shared/recordPaths';
import { TripParties } from '../trips/TripParties';
import type { Trip } from '../trips/types';
import { IssueActions } from './IssueActions';
import { AssigneeField, IssueTitle, ReporterField } from './IssueList';
import { SlaBadge } from './SlaBadge';
import type { Issue, IssueEvent } from './types';
import { QUERIES } from '../../dataProviders/calls';

const initials = (name: string | null) =>
  (name ?? '?')
    .split(' ')
    .map((part) => part.charAt(0))
    .join('')
    .slice(0, 2)
    .toUpperCase();

const when = (at: string) => (
  <span title={formatDateTime(at)}>
    {formatDateTime(at)} · {formatRelativeTime(at)}
  </span>
);

/** The trip the issue is about: its route on the map, the addresses, status, fare and a link to it. */
function TripCard({ trip }: { trip: Trip }) {
  const translate = useTranslate();
  return (
    <SectionCard
      title={translate('app.issueDesk.trip')}
      action={
        <GuardedLink resource={trips.path} to={showPath(trips.path, trip.id)}>
          {translate('app.trips.number', { id: trip.id })}
        </GuardedLink>
      }
      data-testid="issue-trip"
    >
      <RecordContextProvider value={trip}>
        <RouteMap
          encodedRoute={trip.routePolyline}
          label={translate('app.trips.number', { id: trip.id })}
          height={240}
        />
        <Box sx={{ mt: 1.5 }}>
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
        </Box>
        <Stack direction="row" spacing={1.5} sx={{ mt: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <StatusChip palette="tripStatus" />
          <Typography variant="body2" color="text.secondary">
            {formatDateTime(trip.requestedAt)}
          </Typography>
          {trip.fareTotal !== null && <Typography variant="body2">{formatMoney(trip.fareTotal)}</Typography>}
        </Stack>
      </RecordContextProvider>
    </SectionCard>
  );
}

/** The note input: Ctrl+Enter (or ⌘+Enter) sends. */
function NoteInput({ pending }: { pending: boolean }) {
  const translate = useTranslate();
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
      <TextInput
        source="text"
        label={false}
        placeholder={translate('app.issueDesk.notePlaceholder')}
        helperText={translate('app.issueDesk.noteShortcut')}
        multiline
        minRows={2}
        fullWidth
        onKeyDown={(event: React.KeyboardEvent) => {
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
            event.preventDefault();
            (event.currentTarget as HTMLElement).closest('form')?.requestSubmit();
          }
        }}
        inputProps={{ 'aria-label': translate('app.issueDesk.notePlaceholder') }}
      />
      <Button
        type="submit"
        variant="contained"
        startIcon={<SendIcon />}
        disabled={pending}
        sx={{ mt: 1, flexShrink: 0, whiteSpace: 'nowrap' }}
      >
        {translate('app.issueDesk.addNote')}
      </Button>
    </Stack>
  );
}

/** The staff's conversation on the issue: notes with author and time, oldest first, and an input. */
function Notes({ issue, events, canWrite }: { issue: Issue; events: IssueEvent[]; canWrite: boolean }) {
  const translate = useTranslate();
  const notes = events.filter((e) => e.kind === 'note');
  const add = useAction((dp, values: { text: string }) =>
    dp.action(ACTIONS.issues.note, { id: issue.id, data: values }),
  );
  return (
    <SectionCard
      title={translate('app.issueDesk.notes')}
      subheader={translate('app.issueDesk.notesHint')}
      data-testid="issue-notes"
    >
      {notes.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate('app.issueDesk.noNotes')}
        </Typography>
      ) : (
        <Stack spacing={2} sx={{ mb: 2 }} component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {notes.map((note) => (
            <Stack key={note.id} direction="row" spacing={1.5} component="li" data-testid="issue-note">
              <Avatar sx={{ width: 32, height: 32, fontSize: 14 }}>{initials(note.staffName)}</Avatar>
              <Box sx={{ minWidth: 0, flex: 1 }}>
                <Typography variant="body2" component="div">
                  <strong>{note.staffName ?? translate('app.issueDesk.step.system')}</strong>{' '}
                  <Typography variant="caption" color="text.secondary" component="span">
                    {when(note.at)}
                  </Typography>
                </Typography>
                <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                  {note.note}
                </Typography>
              </Box>
            </Stack>
          ))}
        </Stack>
      )}
      {canWrite && (
        <Form
          key={notes.length}
          record={{ text: '' }}
          onSubmit={add.submit}
          resolver={yupResolver(issueActions.note)}
          resource={issues.path}
          noValidate
        >
          <NoteInput pending={add.isPending} />
        </Form>
      )}
    </SectionCard>
  );
}

/** One step of the status history as a sentence. */
function StepText({ step }: { step: IssueEvent }) {
  const translate = useTranslate();
  const label = (name: 'issueStatus' | 'issuePriority', value: string | null) =>
    value ? translate(`app.enums.${name}.${value}`, { _: value }) : '—';
  switch (step.kind) {
    case 'opened':
      return <>{translate('app.issueDesk.step.opened')}</>;
    case 'assigned':
      return (
        <>
          {step.toValue === null
            ? translate('app.issueDesk.step.unassigned')
            : translate('app.issueDesk.step.assigned', { name: step.toName ?? `#${step.toValue}` })}
        </>
      );
    case 'priority':
      return (
        <>
          {translate('app.issueDesk.step.priority', {
            from: label('issuePriority', step.fromValue),
            to: label('issuePriority', step.toValue),
          })}
        </>
      );
    case 'status':
      return (
        <>
          {translate('app.issueDesk.step.status', {
            from: label('issueStatus', step.fromValue),
            to: label('issueStatus', step.toValue),
          })}
        </>
      );
    case 'credit':
      return <>{translate('app.issueDesk.step.credit', { amount: formatMoney(step.amount) ?? '' })}</>;
    case 'refund':
      return <>{translate('app.issueDesk.step.refund', { amount: formatMoney(step.amount) ?? '' })}</>;
    default:
      return <>{translate('app.issueDesk.step.note')}</>;
  }
}

/** Who did what when: opened, assignments, priorities, moves (with the resolution or reason), credits. */
function History({ events, reporterKind }: { events: IssueEvent[]; reporterKind: string }) {
  const translate = useTranslate();
  const steps = events.filter((e) => e.kind !== 'note');
  return (
    <SectionCard title={translate('app.issueDesk.history')} data-testid="issue-history">
      {steps.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {translate('app.issueDesk.historyEmpty')}
        </Typography>
      ) : (
        // The rule between steps is a border: an <hr> may not stand between the list's items.
        <Stack
          component="ol"
          spacing={1.25}
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            '& > li + li': { borderTop: 1, borderColor: 'divider', pt: 1.25 },
          }}
        >
          {steps.map((step) => (
            <Box component="li" key={step.id} data-testid="issue-step" data-kind={step.kind}>
              <Typography variant="body2" sx={{ fontWeight: 500 }}>
                <StepText step={step} />
              </Typography>
              <Typography variant="caption" color="text.secondary" component="div">
                {when(step.at)} ·{' '}
                {step.staffName
                  ? translate('app.issueDesk.step.by', { name: step.staffName })
                  : step.kind === 'opened'
                    ? translate('app.issueDesk.step.reporter', {
                        kind: translate(`app.enums.reporterKind.${reporterKind}`).toLowerCase(),
                      })
                    : translate('app.issueDesk.step.system')}
              </Typography>
              {step.note && (
                <Typography variant="body2" sx={{ mt: 0.5, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                  {step.note}
                </Typography>
              )}
            </Box>
          ))}
        </Stack>
      )}
    </SectionCard>
  );
}

/**
 * /issues/:id: the header (title, chips, SLA) with the actions; the description and resolution;
 * the internal notes conversation; the status history; the trip card with its route map and both
 * parties.
 */
export default function IssueShow() {
  const translate = useTranslate();
  const { id, record: issue, state } = useRecordFromRoute<Issue>(issues.path);
  const dataProvider = usePanelDataProvider();
  const events = useQuery({
    queryKey: [issues.path, id, 'events'],
    queryFn: () => dataProvider.query(QUERIES.issues.events, { id: id! }),
    enabled: Number.isSafeInteger(id),
  });
  const trip = useGetOne<Trip>(trips.path, { id: issue?.tripId ?? 0 }, { enabled: issue !== undefined });
  const canWrite = useCanWriteIssues();

  if (state) return state;
  const driver =
    trip.data?.driverId != null
      ? { id: trip.data.driverId, name: trip.data.driverName ?? `#${trip.data.driverId}` }
      : null;
  const passenger = trip.data
    ? {
        id: trip.data.passengerId,
        name: trip.data.passengerName ?? `#${trip.data.passengerId}`,
        fareTotal: trip.data.fareTotal,
      }
    : null;

  return (
    <RecordContextProvider value={issue}>
      <Title title={`${translate('resources.issues.name', { smart_count: 1 })} #${issue.id}`} />
      <Stack spacing={2} sx={{ mt: 1 }} data-testid="issue-show">
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', justifyContent: 'space-between' }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h5" component="h1">
              #{issue.id} · <IssueTitle issue={issue} />
            </Typography>
            <Stack direction="row" spacing={1} sx={{ mt: 0.5, alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
              <StatusChip palette="issueStatus" />
              <StatusChip palette="issuePriority" source="priority" />
              <SlaBadge />
              <Typography variant="body2" color="text.secondary" component="span">
                {translate('resources.issues.fields.createdAt')} {formatDateTime(issue.createdAt)} (
                {formatRelativeTime(issue.createdAt)})
              </Typography>
            </Stack>
          </Box>
          <IssueActions issue={issue} tripDriver={driver} tripPassenger={passenger} />
        </Box>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, lg: 7 }}>
            <Stack spacing={2}>
              <SectionCard title={translate('app.issueDesk.description')} data-testid="issue-description">
                <Typography variant="body1" sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', mb: 2 }}>
                  {issue.description}
                </Typography>
                <FieldGrid>
                  <KeyValue label={translate('resources.issues.fields.reporterName')}>
                    <ReporterField />
                  </KeyValue>
                  <KeyValue label={translate('resources.issues.fields.assigneeId')}>
                    <AssigneeField />
                  </KeyValue>
                  <KeyValue label={translate('resources.issues.fields.slaDueAt')}>
                    {formatDateTime(issue.slaDueAt)}
                  </KeyValue>
                </FieldGrid>
                {issue.resolutionNote && (
                  <Box sx={{ mt: 2 }} data-testid="issue-resolution">
                    <Typography variant="caption" color="text.secondary" component="div">
                      {translate('app.issueDesk.resolution')}
                      {issue.resolvedAt ? ` · ${formatDateTime(issue.resolvedAt) ?? ''}` : ''}
                    </Typography>
                    <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                      {issue.resolutionNote}
                    </Typography>
                  </Box>
                )}
              </SectionCard>
              {events.error ? (
                <ErrorState message={(events.error as Error).message} onRetry={() => void events.refetch()} />
              ) : events.isPending ? (
                <LoadingState />
              ) : (
                <>
                  <Notes issue={issue} events={events.data.data} canWrite={canWrite} />
                  <History events={events.data.data} reporterKind={issue.reporterKind} />
                </>
              )}
            </Stack>
          </Grid>
          <Grid size={{ xs: 12, lg: 5 }}>
            <Stack spacing={2}>
              {trip.error ? (
                <ErrorState message={(trip.error as Error).message} onRetry={() => void trip.refetch()} />
              ) : trip.isPending || !trip.data ? (
                <LoadingState />
              ) : (
                <>
                  <TripCard trip={trip.data} />
                  <TripParties trip={trip.data} />
                </>
              )}
            </Stack>
          </Grid>
        </Grid>
      </Stack>
    </RecordContextProvider>
  );
}

/** Notes and actions need update-Issue. */
function useCanWriteIssues(): boolean {
  return useCanAccess({ resource: issues.path, action: 'edit' }).canAccess === true;
}
