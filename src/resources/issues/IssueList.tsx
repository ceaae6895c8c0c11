import AssignmentIndIcon from '@mui/icons-material/AssignmentInd';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import { Box, Stack, Typography, useMediaQuery, type Theme } from '@mui/material';
import { useMemo } from 'react';
import { DataTable, useGetIdentity, useRecordContext, useTranslate } from 'react-admin';
import { drivers, passengers, staffs, trips } from '../../domain/resources';
import { issueActions } from '../../domain/resources/issues';
import { BulkActions, type BulkActionSpec } from '../../kit/BulkActions';
import { DateTimeField } from '../../kit/DateTimeField';
import { GuardedLink } from '../../kit/LinkedRecordField';
import { QuickFilterTabs, type QuickFilterTab } from '../../kit/QuickFilterTabs';
import { ResourceList } from '../../kit/ResourceList';
import { EmptyState } from '../../kit/States';
import { StatusChip } from '../../kit/StatusChip';
import { showPath, toShowPage } from '../shared/recordPaths';
import type { ListScreenProps } from '../types';
import { AssignInputs } from './IssueActions';
import { issueExporter } from './issueExporter';
import { issueFilters } from './issueFilters';
import { SlaBadge } from './SlaBadge';
import type { Issue } from './types';
import { RowLink } from '../../kit/RowLink';
import { ACTIONS } from '../../domain/resourceActions';

/** Assign to one staff member (no undo: each issue had its own assignee); close, undone by reopening. */
const ISSUE_BULK_ACTIONS: BulkActionSpec[] = [
  { action: ACTIONS.issues.assign, icon: <AssignmentIndIcon />, inputs: <AssignInputs />, schema: issueActions.assign },
  { action: ACTIONS.issues.close, icon: <DoneAllIcon /> },
];

const noWrap = () => ({ whiteSpace: 'nowrap' });
const OPEN = ['open', 'in_progress'];

/**
 * The queues' order, by urgency (the server's `urgency`): urgent and safety issues first, then the
 * others; within each, breached first (the most overdue on top), then the least time left on the SLA.
 */
export const BY_URGENCY = { field: 'urgency', order: 'ASC' } as const;
const BY_RESOLUTION = { field: 'resolvedAt', order: 'DESC' } as const;

/** The desk's quick tabs; "mine" needs the signed-in staff member's id. */
export function issueTabs(me: number | string | undefined): QuickFilterTab[] {
  return [
    { id: 'all', label: 'app.issueDesk.tabs.all', filter: {}, sort: BY_URGENCY },
    ...(me === undefined
      ? []
      : [
          {
            id: 'mine',
            label: 'app.issueDesk.tabs.mine',
            filter: { assigneeId: Number(me), status: OPEN },
            sort: BY_URGENCY,
          },
        ]),
    {
      id: 'unassigned',
      label: 'app.issueDesk.tabs.unassigned',
      filter: { assigned: false, status: OPEN },
      sort: BY_URGENCY,
    },
    { id: 'open', label: 'app.issueDesk.tabs.open', filter: { status: OPEN }, sort: BY_URGENCY },
    {
      id: 'breached',
      label: 'app.issueDesk.tabs.breached',
      filter: { status: OPEN, sla: 'breached' },
      sort: BY_URGENCY,
    },
    {
      id: 'resolved',
      label: 'app.issueDesk.tabs.resolved',
      filter: { status: ['resolved', 'closed'] },
      sort: BY_RESOLUTION,
    },
  ];
}

/** "Fare dispute · trip #48213", the number in bold. */
export function IssueTitle({ issue }: { issue: Issue }) {
  const translate = useTranslate();
  return (
    <>
      {translate('app.issueDesk.title', {
        category: translate(`app.enums.issueCategory.${issue.category}`, { _: issue.category }),
        trip: issue.tripId,
      })}
    </>
  );
}

/** The reporter's name linked to their page, with their kind underneath. */
export function ReporterField(_: { label?: string }) {
  const translate = useTranslate();
  const issue = useRecordContext<Issue>();
  if (!issue) return null;
  const resource = issue.reporterKind === 'driver' ? drivers.path : passengers.path;
  return (
    <Box sx={{ minWidth: 0 }}>
      <GuardedLink resource={resource} to={showPath(resource, issue.reporterId)}>
        {issue.reporterName ?? `#${issue.reporterId}`}
      </GuardedLink>
      <Typography variant="caption" color="text.secondary" component="div">
        {translate(`app.enums.reporterKind.${issue.reporterKind}`)}
      </Typography>
    </Box>
  );
}

/** The assignee linked to their staff page, or "Unassigned". */
export function AssigneeField(_: { label?: string }) {
  const translate = useTranslate();
  const issue = useRecordContext<Issue>();
  if (!issue) return null;
  if (issue.assigneeId === null || issue.assigneeId === undefined)
    return (
      <Typography variant="body2" color="text.secondary" component="span">
        {translate('app.issueDesk.unassigned')}
      </Typography>
    );
  return (
    <GuardedLink resource={staffs.path} to={showPath(staffs.path, issue.assigneeId)}>
      {issue.assigneeName ?? `#${issue.assigneeId}`}
    </GuardedLink>
  );
}

function NoIssues() {
  const translate = useTranslate();
  return (
    <Box sx={{ p: 2 }}>
      <EmptyState message={translate('app.issueDesk.empty')} />
    </Box>
  );
}

/**
 * /issues, the support desk: number, title (category and trip), reporter with their kind, trip,
 * category, priority and status chips, assignee, age and the SLA badge; quick tabs (mine,
 * unassigned, open, breached — filtered on the server — and resolved), filters and export. A row
 * opens the issue.
 */
export default function IssueList(props: ListScreenProps) {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const tabs = useMemo(() => issueTabs(identity?.id), [identity?.id]);
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('xl'));
  const large = useMediaQuery((theme: Theme) => theme.breakpoints.up('lg'));
  const medium = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'));
  return (
    <ResourceList {...props} filters={issueFilters} exporter={issueExporter} sort={BY_URGENCY}>
      <QuickFilterTabs tabs={tabs} label={translate('resources.issues.name', { smart_count: 2 })} />
      <DataTable<Issue>
        rowClick={toShowPage}
        bulkActionButtons={<BulkActions actions={ISSUE_BULK_ACTIONS} />}
        empty={<NoIssues />}
      >
        <DataTable.NumberCol source="id" label="resources.issues.fields.id" cellSx={noWrap} />
        <DataTable.Col
          source="category"
          label="resources.issues.fields.title"
          render={(issue: Issue) => (
            <Box sx={{ minWidth: 140 }}>
              <Typography variant="body2" sx={{ fontWeight: 500 }}>
                <RowLink>
                  <IssueTitle issue={issue} />
                </RowLink>
              </Typography>
              {!medium && (
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 0.5 }}>
                  <StatusChip palette="issuePriority" source="priority" />
                  <Typography variant="caption" color="text.secondary">
                    {issue.reporterName}
                  </Typography>
                </Stack>
              )}
            </Box>
          )}
        />
        {medium && <DataTable.Col source="reporterName" disableSort render={() => <ReporterField />} />}
        {wide && (
          <DataTable.Col
            source="tripId"
            cellSx={noWrap}
            render={(issue: Issue) => (
              <GuardedLink resource={trips.path} to={showPath(trips.path, issue.tripId)}>
                {translate('app.trips.number', { id: issue.tripId })}
              </GuardedLink>
            )}
          />
        )}
        {medium && (
          <DataTable.Col source="priority" render={() => <StatusChip palette="issuePriority" source="priority" />} />
        )}
        <DataTable.Col source="status" render={() => <StatusChip palette="issueStatus" />} />
        {medium && <DataTable.Col source="assigneeId" render={() => <AssigneeField />} />}
        {large && (
          <DataTable.Col
            source="createdAt"
            label="resources.issues.fields.createdAt"
            cellSx={noWrap}
            render={() => <DateTimeField source="createdAt" relative />}
          />
        )}
        <DataTable.Col source="slaLeftSeconds" label="resources.issues.fields.slaState" render={() => <SlaBadge />} />
      </DataTable>
    </ResourceList>
  );
}
