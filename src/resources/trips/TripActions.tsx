import { ACTIONS } from '../../domain/resourceActions';
import CancelIcon from '@mui/icons-material/Cancel';
import PersonPinCircleIcon from '@mui/icons-material/PersonPinCircle';
import ReportProblemIcon from '@mui/icons-material/ReportProblem';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { Form, RadioButtonGroupInput, SelectInput, TextInput, required, useTranslate } from 'react-admin';
import { useMayOpen } from '../../auth/useMayOpen';
import { issues, trips } from '../../domain/resources';
import { ISSUE_CATEGORIES, TRIP_TRANSITIONS } from '../../domain/trip';
import { useAction, usePanelDataProvider } from '../../dataProviders/useAction';
import { enumChoices } from '../../kit/enumChoices';
import { formatNumber } from '../../kit/format';
import { LoadingState } from '../../kit/States';
import type { Trip } from './types';
import { QUERIES } from '../../dataProviders/calls';

const oneDecimal = (value: number) => formatNumber(value, { minimumFractionDigits: 1, maximumFractionDigits: 1 });

const CANCEL_REASONS = [
  'passenger_request',
  'passenger_no_show',
  'driver_no_show',
  'driver_request',
  'vehicle_problem',
  'safety',
  'duplicate',
  'other',
] as const;

const ASSIGNABLE = ['requested', 'accepted'];
/** Statuses the state machine lets a cancellation follow. */
const CANCELLABLE = Object.entries(TRIP_TRANSITIONS)
  .filter(([, next]) => next.some((s) => s.startsWith('cancelled')))
  .map(([status]) => status);

/** A button that opens a dialog holding a form; the dialog closes after success. */
function ActionDialog({
  label,
  icon,
  title,
  color = 'primary',
  children,
}: {
  label: string;
  icon: ReactNode;
  title: string;
  color?: 'primary' | 'error';
  children: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  // useId, not the label: an id with spaces names nothing.
  const titleId = useId();
  const close = () => setOpen(false);
  return (
    <>
      <Button startIcon={icon} color={color} onClick={() => setOpen(true)}>
        {label}
      </Button>
      <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby={titleId}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        {open && children(close)}
      </Dialog>
    </>
  );
}

function DialogButtons({
  close,
  submitLabel,
  pending,
  color = 'primary',
}: {
  close: () => void;
  submitLabel: string;
  pending: boolean;
  color?: 'primary' | 'error';
}) {
  const translate = useTranslate();
  return (
    <DialogActions>
      <Button onClick={close}>{translate('app.trips.actions.close')}</Button>
      <Button type="submit" variant="contained" color={color} disabled={pending}>
        {submitLabel}
      </Button>
    </DialogActions>
  );
}

/** Cancel: a reason chosen from a list plus a free note, and who cancelled; the server keeps both. */
function CancelTrip({ trip }: { trip: Trip }) {
  const translate = useTranslate();
  return (
    <ActionDialog
      label={translate('app.trips.actions.cancel')}
      icon={<CancelIcon />}
      color="error"
      title={translate('app.trips.actions.cancelTitle', { id: trip.id })}
    >
      {(close) => <CancelForm trip={trip} close={close} />}
    </ActionDialog>
  );
}

function CancelForm({ trip, close }: { trip: Trip; close: () => void }) {
  const translate = useTranslate();
  const cancel = useAction(
    (dp, values: { reasonKind: string; note?: string; by: string }) => {
      const reason = translate(`app.trips.cancelReasons.${values.reasonKind}`);
      const note = values.note?.trim();
      return dp.action(ACTIONS.trips.cancel, {
        id: trip.id,
        data: { reason: note ? `${reason}: ${note}` : reason, by: values.by },
      });
    },
    { onSuccess: close },
  );
  return (
    <Form onSubmit={cancel.submit} defaultValues={{ by: 'passenger', reasonKind: '', note: '' }} noValidate>
      <DialogContent sx={{ pt: 0 }}>
        <SelectInput
          source="reasonKind"
          label="app.trips.actions.reason"
          choices={CANCEL_REASONS.map((id) => ({ id, name: `app.trips.cancelReasons.${id}` }))}
          validate={required()}
          fullWidth
        />
        <TextInput source="note" label="app.trips.actions.note" multiline minRows={2} fullWidth />
        <RadioButtonGroupInput
          source="by"
          label="app.trips.actions.by"
          choices={[
            { id: 'passenger', name: 'app.trips.parties.passenger' },
            ...(trip.driverId !== null ? [{ id: 'driver', name: 'app.trips.parties.driver' }] : []),
          ]}
        />
      </DialogContent>
      <DialogButtons
        close={close}
        submitLabel={translate('app.trips.actions.cancel')}
        pending={cancel.isPending}
        color="error"
      />
    </Form>
  );
}

/** Assign or reassign: the nearest available drivers of the trip's type first, with their distance. */
function AssignDriver({ trip }: { trip: Trip }) {
  const translate = useTranslate();
  const label = translate(trip.driverId === null ? 'app.trips.actions.assign' : 'app.trips.actions.reassign');
  return (
    <ActionDialog
      label={label}
      icon={<PersonPinCircleIcon />}
      title={translate('app.trips.actions.assignTitle', { id: trip.id })}
    >
      {(close) => <AssignForm trip={trip} close={close} />}
    </ActionDialog>
  );
}

function AssignForm({ trip, close }: { trip: Trip; close: () => void }) {
  const translate = useTranslate();
  const dataProvider = usePanelDataProvider();
  const nearest = useQuery({
    queryKey: ['trips', trip.id, 'nearest-drivers'],
    queryFn: () => dataProvider.query(QUERIES.dispatcher['nearest-drivers'], { tripId: trip.id, limit: 10 }),
  });
  const assign = useAction(
    (dp, values: { driverId: number }) =>
      dp.action(ACTIONS.trips.assign, { id: trip.id, data: { driverId: values.driverId } }),
    { onSuccess: close },
  );
  const drivers = nearest.data?.data ?? [];
  return (
    <Form onSubmit={assign.submit} noValidate>
      <DialogContent sx={{ pt: 0 }}>
        <Typography variant="subtitle2">{translate('app.trips.actions.nearest')}</Typography>
        {nearest.isPending ? (
          <LoadingState />
        ) : nearest.error ? (
          <Alert severity="error">{(nearest.error as Error).message}</Alert>
        ) : drivers.length === 0 ? (
          <Alert severity="info">{translate('app.trips.actions.noneNearby')}</Alert>
        ) : (
          <RadioButtonGroupInput
            source="driverId"
            label={false}
            row={false}
            validate={required()}
            choices={drivers.map((d) => ({
              id: d.id,
              name: `${d.name} · ${translate('app.trips.actions.away', { km: oneDecimal(d.distanceKm) })}${
                d.vehiclePlate ? ` · ${d.vehiclePlate}` : ''
              } · ★ ${oneDecimal(Number(d.rating))}`,
            }))}
            translateChoice={false}
          />
        )}
      </DialogContent>
      <DialogButtons
        close={close}
        submitLabel={translate('app.trips.actions.confirmAssign')}
        pending={assign.isPending || drivers.length === 0}
      />
    </Form>
  );
}

/** Opens an issue about the trip, prefilled with it (the reporter is its passenger or its driver). */
function OpenIssue({ trip }: { trip: Trip }) {
  const translate = useTranslate();
  return (
    <ActionDialog
      label={translate('app.trips.actions.openIssue')}
      icon={<ReportProblemIcon />}
      title={`${translate('app.trips.actions.openIssue')} · ${translate('app.trips.number', { id: trip.id })}`}
    >
      {(close) => <IssueForm trip={trip} close={close} />}
    </ActionDialog>
  );
}

interface IssueValues {
  reporterKind: string;
  category: string;
  priority: string;
  description: string;
}

function IssueForm({ trip, close }: { trip: Trip; close: () => void }) {
  const translate = useTranslate();
  const create = useAction(
    async (dp, { reporterKind, category, priority, description }: IssueValues) => {
      // Only the form's own fields: the page's record context (the trip) is not the issue's.
      const { data } = await dp.create(issues.path, {
        data: { tripId: trip.id, reporterKind, category, priority, description },
      });
      return { data, message: `Issue #${String(data.id)} opened` };
    },
    { onSuccess: close },
  );
  return (
    <Form
      onSubmit={create.submit}
      record={{}}
      defaultValues={{ reporterKind: 'passenger', category: '', priority: 'medium', description: '' }}
      noValidate
    >
      <DialogContent sx={{ pt: 0 }}>
        <RadioButtonGroupInput
          source="reporterKind"
          label="app.issueDesk.create.by"
          choices={[
            { id: 'passenger', name: 'app.trips.parties.passenger' },
            ...(trip.driverId !== null ? [{ id: 'driver', name: 'app.trips.parties.driver' }] : []),
          ]}
        />
        <SelectInput
          source="category"
          choices={ISSUE_CATEGORIES.map((id) => ({
            id,
            name: id.charAt(0).toUpperCase() + id.slice(1).replace(/_/g, ' '),
          }))}
          validate={required()}
          translateChoice={false}
          fullWidth
        />
        <SelectInput source="priority" choices={enumChoices('issuePriority')} fullWidth />
        <TextInput source="description" multiline minRows={3} validate={required()} fullWidth />
      </DialogContent>
      <DialogButtons close={close} submitLabel={translate('app.trips.actions.openIssue')} pending={create.isPending} />
    </Form>
  );
}

/** The trip page's actions, each shown only to staff allowed to run it (the server checks again). */
export function TripActions({ trip }: { trip: Trip }) {
  const mayUpdate = useMayOpen(trips.path, 'edit');
  const mayReport = useMayOpen(issues.path, 'create');
  return (
    <>
      {mayUpdate && ASSIGNABLE.includes(trip.status) && <AssignDriver trip={trip} />}
      {mayUpdate && CANCELLABLE.includes(trip.status) && <CancelTrip trip={trip} />}
      {mayReport && <OpenIssue trip={trip} />}
    </>
  );
}
