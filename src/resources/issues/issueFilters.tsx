import { useQuery } from '@tanstack/react-query';
import { SearchInput, SelectArrayInput, SelectInput, useTranslate } from 'react-admin';
import { ISSUE_STATUSES } from '../../domain/enums';
import { usePanelDataProvider } from '../../dataProviders/useAction';
import { CityDateInput } from '../../kit/CityDateInput';
import { enumChoices } from '../../kit/enumChoices';
import { QUERIES } from '../../dataProviders/calls';

/** Staff who may be given an issue (GET issues/assignees), shared by the filter and the assign dialog. */
export function useAssignees() {
  const dataProvider = usePanelDataProvider();
  return useQuery({
    queryKey: ['issues', 'assignees'],
    queryFn: ({ signal }) => dataProvider.query(QUERIES.issues.assignees, {}, { silent: true, signal }),
    staleTime: 60_000,
  });
}

/** The assignee filter: staff who may handle issues. */
function AssigneeFilter({ source }: { source: string; alwaysOn?: boolean }) {
  const translate = useTranslate();
  const { data, isPending } = useAssignees();
  return (
    <SelectInput
      source={source}
      label="resources.issues.fields.assigneeId"
      choices={(data?.data ?? []).map((a) => ({ id: a.id, name: a.name }))}
      translateChoice={false}
      isPending={isPending}
      emptyText={translate('app.issueDesk.anyAssignee')}
      sx={{ minWidth: 170 }}
    />
  );
}

/** A status filter's value as the multi-select shows it: a list, whatever the URL holds (one value or none). */
export const statusesOf = (value: unknown): string[] =>
  value === null || value === undefined || value === ''
    ? []
    : Array.isArray(value)
      ? value.map(String)
      : [String(value)];

/**
 * The chosen statuses in the enum's order (open, in progress, resolved, closed), none as no filter:
 * the same value the quick tabs set, so choosing "Open" and "In progress" here selects the Open tab.
 */
export const parseStatuses = (value: unknown): string[] | null => {
  const chosen = statusesOf(value);
  const ordered = ISSUE_STATUSES.filter((s) => chosen.includes(s));
  return ordered.length ? ordered : null;
};

/**
 * The desk's filters, always shown: search (description, or an issue or trip number), category,
 * priority, statuses (several at once, as chips), assignee and the opening day range (city time). The quick tabs set status,
 * assignee and SLA on top of them.
 */
export const issueFilters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput
    key="category"
    source="category"
    choices={enumChoices('issueCategory')}
    emptyText="app.issueDesk.anyCategory"
    alwaysOn
    sx={{ minWidth: 170 }}
  />,
  <SelectInput
    key="priority"
    source="priority"
    choices={enumChoices('issuePriority')}
    emptyText="app.issueDesk.anyPriority"
    alwaysOn
    sx={{ minWidth: 140 }}
  />,
  // Several statuses at once (the Open tab is open + in progress), shown as chips.
  <SelectArrayInput
    key="status"
    source="status"
    choices={enumChoices('issueStatus')}
    format={statusesOf}
    parse={parseStatuses}
    data-testid="issue-status-filter"
    alwaysOn
    // Chips as tall as a line of text, so the box lines up with the other filters.
    sx={{ minWidth: 200, '& .MuiChip-root': { height: 20, my: '-2px' } }}
  />,
  <AssigneeFilter key="assigneeId" source="assigneeId" alwaysOn />,
  <CityDateInput key="createdAt_gte" source="createdAt_gte" edge="start" label="app.issueDesk.openedFrom" alwaysOn />,
  <CityDateInput key="createdAt_lte" source="createdAt_lte" edge="end" label="app.issueDesk.openedTo" alwaysOn />,
];
