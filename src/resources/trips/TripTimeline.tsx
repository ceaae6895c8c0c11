import CancelIcon from '@mui/icons-material/Cancel';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import RemoveCircleOutlineIcon from '@mui/icons-material/RemoveCircleOutline';
import ReportProblemIcon from '@mui/icons-material/ReportProblem';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import WrongLocationIcon from '@mui/icons-material/WrongLocation';
import { Box, List, ListItem, ListItemIcon, ListItemText, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { drivers, issues, passengers, staffs } from '../../domain/resources';
import type { StepActor, TimelineEntry } from '../../domain/tripTimeline';
import { enumLabelKey } from '../../kit/enumChoices';
import { formatDateTime, formatDuration } from '../../kit/format';
import { GuardedLink } from '../../kit/LinkedRecordField';
import { showPath } from '../shared/recordPaths';

const REFERENCE: Record<StepActor['kind'], string | null> = {
  staff: staffs.path,
  passenger: passengers.path,
  driver: drivers.path,
  system: null,
};

/** A person's name, linked to their page when the viewer may open it. */
function Actor({ actor }: { actor: StepActor }) {
  const name = actor.name ?? '—';
  const reference = REFERENCE[actor.kind];
  if (!reference || actor.id === null) return <>{name}</>;
  return (
    <GuardedLink resource={reference} to={showPath(reference, actor.id)}>
      {name}
    </GuardedLink>
  );
}

function StepIcon({ entry }: { entry: TimelineEntry }) {
  if (entry.state === 'skipped') return <RemoveCircleOutlineIcon color="disabled" />;
  if (entry.state === 'upcoming') return <RadioButtonUncheckedIcon color="disabled" />;
  if (entry.key === 'cancelled' || entry.key === 'no_driver_found') return <CancelIcon color="error" />;
  if (entry.key === 'reassigned') return <SwapHorizIcon color="primary" />;
  if (entry.key === 'issue_opened') return <ReportProblemIcon color="warning" />;
  if (entry.key === 'left_area') return <WrongLocationIcon color="warning" />;
  return <CheckCircleIcon color="success" />;
}

/** "Issue #N opened: Fare dispute", the issue's number linked to its page. */
function IssueStepTitle({ issue }: { issue: NonNullable<TimelineEntry['issue']> }) {
  const translate = useTranslate();
  const category = translate(enumLabelKey('issueCategory', issue.category), { _: issue.category });
  const [before, after = ''] = translate('app.trips.steps.issue_opened', {
    issue: '\u0000',
    category,
  }).split('\u0000');
  return (
    <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="step-issue">
      {before}
      <GuardedLink resource={issues.path} to={showPath(issues.path, issue.id)}>
        {translate('app.trips.steps.issueNumber', { id: issue.id })}
      </GuardedLink>
      {after}
    </Typography>
  );
}

/** Who did it, in words with links. */
function StepWho({ entry }: { entry: TimelineEntry }) {
  const translate = useTranslate();
  const parts: React.ReactNode[] = [];
  const sentence = (key: string, actor: StepActor) => {
    const [before, after = ''] = translate(key, { name: '\u0000' }).split('\u0000');
    parts.push(
      <span key={parts.length}>
        {before}
        <Actor actor={actor} />
        {after}
      </span>,
    );
  };
  if (entry.key === 'no_driver_found') parts.push(<span key="system">{translate('app.trips.steps.bySystem')}</span>);
  else if (entry.by?.kind === 'passenger' && entry.key === 'cancelled')
    sentence('app.trips.steps.byPassenger', entry.by);
  else if (entry.by?.kind === 'driver' && entry.key === 'cancelled') sentence('app.trips.steps.byDriver', entry.by);
  else if (entry.driver && (entry.key === 'accepted' || entry.key === 'reassigned')) {
    sentence('app.trips.steps.driver', entry.driver);
    if (entry.by?.kind === 'staff') sentence('app.trips.steps.assignedBy', entry.by);
  } else if (entry.by) sentence('app.trips.steps.by', entry.by);
  if (entry.recordedBy) sentence('app.trips.steps.recordedBy', entry.recordedBy);
  if (!parts.length) return null;
  return (
    <Box component="span" sx={{ display: 'inline' }}>
      {parts.map((p, i) => (
        <span key={i}>
          {i > 0 && ' · '}
          {p}
        </span>
      ))}
    </Box>
  );
}

/**
 * The trip's steps in order, each with its time and the time since the step before (time to
 * accept, wait at pickup, ride); steps that never happened are shown as skipped, steps still to
 * come as not yet; a cancellation says by whom and why.
 */
export function TripTimeline({ entries }: { entries: TimelineEntry[] }) {
  const translate = useTranslate();
  return (
    <List dense disablePadding data-testid="trip-timeline">
      {entries.map((entry, index) => (
        <ListItem
          key={`${entry.key}-${index}`}
          disableGutters
          alignItems="flex-start"
          data-step={entry.key}
          data-state={entry.state}
        >
          <ListItemIcon sx={{ minWidth: 36, mt: 0.5 }}>
            <StepIcon entry={entry} />
          </ListItemIcon>
          <ListItemText
            disableTypography
            primary={
              <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'baseline' }}>
                {entry.issue ? (
                  <IssueStepTitle issue={entry.issue} />
                ) : (
                  <Typography
                    variant="body2"
                    sx={{ fontWeight: 600 }}
                    color={entry.state === 'done' ? 'text.primary' : 'text.secondary'}
                  >
                    {translate(`app.trips.steps.${entry.key}`)}
                  </Typography>
                )}
                <Typography variant="body2" color="text.secondary">
                  {entry.state === 'done'
                    ? formatDateTime(entry.at, { dateStyle: 'medium', timeStyle: 'medium' })
                    : translate(`app.trips.steps.${entry.state}`)}
                </Typography>
                {entry.sincePreviousMs !== null && entry.sinceLabel && (
                  <Typography variant="caption" color="text.secondary" data-testid="step-since">
                    (
                    {translate(`app.trips.steps.since.${entry.sinceLabel}`, {
                      time: formatDuration(entry.sincePreviousMs / 1000),
                    })}
                    )
                  </Typography>
                )}
              </Box>
            }
            secondary={
              entry.state === 'done' ? (
                <Typography variant="body2" color="text.secondary" component="div">
                  <StepWho entry={entry} />
                  {entry.note && (
                    <Box data-testid="cancel-reason">{translate('app.trips.steps.reason', { reason: entry.note })}</Box>
                  )}
                </Typography>
              ) : null
            }
          />
        </ListItem>
      ))}
    </List>
  );
}
