import { Chip, Tooltip } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { ISSUE_SLA_HOURS, slaOf, type IssuePriority, type IssueStatus } from '../../domain/issueSla';
import { statusColor } from '../../domain/statusPalettes';
import { formatDateTime, formatDaysHours, formatDuration } from '../../kit/format';
import { useNow } from '../../kit/useNow';
import type { Issue } from './types';

/** "40 min", "3 h 20 min", or "2 d 4 h" from two days on. */
export function formatSpan(ms: number): string {
  const seconds = Math.abs(ms) / 1000;
  if (seconds < 48 * 3600) return formatDuration(Math.max(seconds, 60)) ?? '';
  const hours = Math.floor(seconds / 3600);
  return formatDaysHours(Math.floor(hours / 24), hours % 24);
}

/**
 * The issue's service level as a chip: green with the time left, amber from 75 % of the target,
 * red with the time over once breached; for a resolved issue, whether it was met. Computed in the
 * browser with the shared rule (src/domain/issueSla.ts) so that it moves while the page is open.
 */
export function SlaBadge(_: { label?: string }) {
  const translate = useTranslate();
  const issue = useRecordContext<Issue>();
  const now = new Date(useNow(30_000));
  if (!issue) return null;
  const reading = slaOf(
    {
      priority: issue.priority as IssuePriority,
      status: issue.status as IssueStatus,
      createdAt: new Date(issue.createdAt),
      resolvedAt: issue.resolvedAt ? new Date(issue.resolvedAt) : null,
    },
    now,
  );
  const span = formatSpan(reading.remainingMs);
  const text = reading.running
    ? reading.remainingMs >= 0
      ? translate('app.issueDesk.sla.dueIn', { time: span })
      : translate('app.issueDesk.sla.overdue', { time: span })
    : reading.state === 'breached'
      ? translate('app.issueDesk.sla.missed', { time: span })
      : translate('app.issueDesk.sla.metIn');
  const color = statusColor('issueSla', reading.state);
  return (
    <Tooltip
      title={`${translate(`app.enums.issueSla.${reading.state}`)} · ${translate('app.issueDesk.sla.target', {
        hours: ISSUE_SLA_HOURS[issue.priority as IssuePriority],
      })} · ${formatDateTime(reading.due) ?? ''}`}
    >
      <Chip
        size="small"
        color={color}
        variant={reading.running ? 'filled' : 'outlined'}
        label={text}
        data-testid="sla-badge"
        data-state={reading.state}
        sx={{ whiteSpace: 'nowrap' }}
      />
    </Tooltip>
  );
}
