import type { ActionRef } from '../../domain/resourceActions';
import type { ActionParams } from '../../dataProviders/customMethods';
import { ACTIONS } from '../../domain/resourceActions';
import AssignmentIndIcon from '@mui/icons-material/AssignmentInd';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import LockIcon from '@mui/icons-material/Lock';
import FlagIcon from '@mui/icons-material/Flag';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import ReplayIcon from '@mui/icons-material/Replay';
import { Button, Stack, Typography } from '@mui/material';
import { SelectInput, TextInput, useCanAccess, useGetIdentity, useGetList, useTranslate } from 'react-admin';
import { useAction } from '../../dataProviders/useAction';
import { drivers, issues, passengers, passengerTransactions } from '../../domain/resources';
import { refundableLeft } from '../../domain/refunds';
import { issueActions } from '../../domain/resources/issues';
import { ActionDialogButton } from '../../kit/ActionDialog';
import { enumChoices } from '../../kit/enumChoices';
import { formatMoney } from '../../kit/format';
import { MoneyInput } from '../../kit/MoneyInput';
import { useAssignees } from './issueFilters';
import type { Issue } from './types';

const OPEN = ['open', 'in_progress'];

/** A one-click action (no form): assign to me, start, close. */
function StepButton<Body>({
  issue,
  action,
  data,
  label,
  icon,
  variant = 'outlined',
}: {
  issue: Issue;
  action: ActionRef<Body>;
  data?: Body;
  label: string;
  icon: React.ReactElement;
  variant?: 'outlined' | 'contained';
}) {
  const translate = useTranslate();
  const run = useAction((dp) => dp.action(action, { id: issue.id, data } as ActionParams<Body>));
  return (
    <Button
      size="small"
      variant={variant}
      startIcon={icon}
      disabled={run.isPending}
      onClick={() => void run.submit({})}
      data-testid={`issue-${action.name}${action.name === 'assign' ? '-me' : ''}`}
    >
      {translate(label)}
    </Button>
  );
}

export function AssignInputs() {
  const translate = useTranslate();
  const { data, isPending } = useAssignees();
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('app.issueDesk.actions.assignHint')}
      </Typography>
      <SelectInput
        source="assigneeId"
        label="resources.issues.fields.assigneeId"
        choices={[
          { id: 0, name: translate('app.issueDesk.actions.nobody') },
          ...(data?.data ?? []).map((a) => ({
            id: a.id,
            name: translate('app.issueDesk.actions.openCount', { name: a.name, count: a.openIssues }),
          })),
        ]}
        translateChoice={false}
        isPending={isPending}
        format={(v: unknown) => (v === null ? 0 : v)}
        parse={(v: unknown) => (v === 0 || v === '0' || v === '' ? null : Number(v))}
        fullWidth
      />
    </>
  );
}

/** Who a resolution may refund: the trip's passenger, up to the trip's fare. */
export interface TripPassenger {
  id: number;
  name: string;
  fareTotal: number | null;
}

/**
 * The refund input of the resolve dialog: what is left to refund on the trip (its fare less the
 * refunds already in the passenger's ledger for it) in the hint; the server checks the same cap.
 */
function RefundInput({ tripId, passenger }: { tripId: number; passenger: TripPassenger }) {
  const translate = useTranslate();
  const earlier = useGetList<{ id: number; amount: number }>(passengerTransactions.path, {
    filter: { tripId, kind: 'refund' },
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'createdAt', order: 'DESC' },
  });
  const refunded = (earlier.data ?? []).reduce((total, row) => total + Number(row.amount), 0);
  const left = refundableLeft(passenger.fareTotal, refunded);
  if (!earlier.isPending && left === 0)
    return (
      <Typography variant="caption" color="text.secondary" component="p" data-testid="no-refund-left">
        {translate('app.issueDesk.actions.noRefundLeft')}
      </Typography>
    );
  return (
    <MoneyInput
      source="refundAmount"
      label="app.issueDesk.actions.refund"
      helperText={translate('app.issueDesk.actions.refundHint', {
        name: passenger.name,
        max: earlier.isPending ? '…' : (formatMoney(left) ?? ''),
      })}
      max={left}
      fullWidth
    />
  );
}

/**
 * The issue's actions, each an engine action on POST issues/:id/<action>, shown by status and only
 * to staff who may update issues (the server checks again): assign to me, assign to someone,
 * priority, start, resolve (note required; a goodwill credit to the driver with the top-up's
 * permission, a refund to the passenger with update-Passenger), close, reopen (reason required).
 */
export function IssueActions({
  issue,
  tripDriver,
  tripPassenger = null,
}: {
  issue: Issue;
  tripDriver: { id: number; name: string } | null;
  tripPassenger?: TripPassenger | null;
}) {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const update = useCanAccess({ resource: issues.path, action: 'edit' });
  const credit = useCanAccess({ resource: drivers.path, action: 'edit' });
  const refund = useCanAccess({ resource: passengers.path, action: 'edit' });
  if (!update.canAccess) return null;
  const open = OPEN.includes(issue.status);
  const me = identity?.id === undefined ? undefined : Number(identity.id);
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }} data-testid="issue-actions">
      {open && me !== undefined && issue.assigneeId !== me && (
        <StepButton
          issue={issue}
          action={ACTIONS.issues.assign}
          data={{ assigneeId: me }}
          label="app.issueDesk.actions.assignToMe"
          icon={<AssignmentIndIcon />}
          variant="contained"
        />
      )}
      {open && (
        <ActionDialogButton
          action={ACTIONS.issues.assign}
          label="app.issueDesk.actions.assign"
          icon={<PersonAddIcon />}
          title={translate('app.issueDesk.actions.assignTitle', { id: issue.id })}
          confirmLabel="app.issueDesk.actions.change"
          schema={issueActions.assign}
          defaultValues={{ assigneeId: issue.assigneeId ?? null }}
          id={issue.id}
        >
          <AssignInputs />
        </ActionDialogButton>
      )}
      {open && (
        <ActionDialogButton
          action={ACTIONS.issues.priority}
          label="app.issueDesk.actions.priority"
          icon={<FlagIcon />}
          title={translate('app.issueDesk.actions.priorityTitle', { id: issue.id })}
          description={translate('app.issueDesk.actions.priorityHint')}
          confirmLabel="app.issueDesk.actions.change"
          schema={issueActions.priority}
          defaultValues={{ priority: issue.priority }}
          id={issue.id}
        >
          <SelectInput source="priority" choices={enumChoices('issuePriority')} fullWidth />
        </ActionDialogButton>
      )}
      {issue.status === 'open' && (
        <StepButton
          issue={issue}
          action={ACTIONS.issues.start}
          label="app.issueDesk.actions.start"
          icon={<PlayArrowIcon />}
        />
      )}
      {open && (
        <ActionDialogButton
          action={ACTIONS.issues.resolve}
          label="app.issueDesk.actions.resolve"
          icon={<CheckCircleIcon />}
          color="success"
          title={translate('app.issueDesk.actions.resolveTitle', { id: issue.id })}
          description={translate('app.issueDesk.actions.resolveHint')}
          confirmLabel="app.issueDesk.actions.resolveConfirm"
          schema={issueActions.resolve}
          defaultValues={{ resolutionNote: '', creditAmount: null, refundAmount: null }}
          id={issue.id}
        >
          <TextInput source="resolutionNote" multiline minRows={3} fullWidth autoFocus />
          {tripDriver &&
            (credit.canAccess ? (
              <MoneyInput
                source="creditAmount"
                label="app.issueDesk.actions.credit"
                helperText={translate('app.issueDesk.actions.creditHint', { name: tripDriver.name })}
                fullWidth
              />
            ) : (
              <Typography variant="caption" color="text.secondary">
                {translate('app.issueDesk.actions.noCredit')}
              </Typography>
            ))}
          {tripPassenger &&
            (refund.canAccess ? (
              <RefundInput tripId={issue.tripId} passenger={tripPassenger} />
            ) : (
              <Typography variant="caption" color="text.secondary" component="p">
                {translate('app.issueDesk.actions.noRefund')}
              </Typography>
            ))}
        </ActionDialogButton>
      )}
      {issue.status === 'resolved' && (
        <StepButton
          issue={issue}
          action={ACTIONS.issues.close}
          label="app.issueDesk.actions.close"
          icon={<LockIcon />}
        />
      )}
      {!open && (
        <ActionDialogButton
          action={ACTIONS.issues.reopen}
          label="app.issueDesk.actions.reopen"
          icon={<ReplayIcon />}
          color="warning"
          title={translate('app.issueDesk.actions.reopenTitle', { id: issue.id })}
          description={translate('app.issueDesk.actions.reopenHint')}
          confirmLabel="app.issueDesk.actions.reopenConfirm"
          schema={issueActions.reopen}
          defaultValues={{ reason: '' }}
          id={issue.id}
        >
          <TextInput source="reason" label="app.issueDesk.actions.reason" multiline minRows={2} fullWidth autoFocus />
        </ActionDialogButton>
      )}
    </Stack>
  );
}
