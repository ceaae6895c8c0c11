import { Box, Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { drivers, passengers, staffs, trips } from '../../domain/resources';
import { formatAge, secondsBetween } from '../../domain/sos';
import { enumLabelKey } from '../../kit/enumChoices';
import { formatDateTime, formatRelativeTime, formatSecondsPrecise } from '../../kit/format';
import { GuardedLink } from '../../kit/LinkedRecordField';
import { showPath } from '../shared/recordPaths';
import type { SosAlarm } from './types';
import { useNow } from '../../kit/useNow';
import { RowLink } from '../../kit/RowLink';

/** The passengers' or drivers' route path for a caller kind. */
export const callerResource = (kind: string) => (kind === 'driver' ? drivers.path : passengers.path);

/** The caller's name, linked to the passenger's or driver's page when the viewer may open it, with the kind under it. */
export function CallerField() {
  const translate = useTranslate();
  const alarm = useRecordContext<SosAlarm>();
  if (!alarm) return null;
  const resource = callerResource(alarm.callerKind);
  return (
    <Box sx={{ minWidth: 0 }}>
      <GuardedLink resource={resource} to={showPath(resource, alarm.callerId)}>
        {alarm.callerName ?? `#${alarm.callerId}`}
      </GuardedLink>
      <Typography variant="caption" color="text.secondary" component="div">
        {translate(enumLabelKey('reporterKind', alarm.callerKind), { _: alarm.callerKind })}
      </Typography>
    </Box>
  );
}

/** The trip, linked. */
export function SosTripField() {
  const translate = useTranslate();
  const alarm = useRecordContext<SosAlarm>();
  if (!alarm) return null;
  return (
    <GuardedLink resource={trips.path} to={showPath(trips.path, alarm.tripId)}>
      {translate('app.trips.number', { id: alarm.tripId })}
    </GuardedLink>
  );
}

/** The staff member who acknowledged it, linked when the viewer may open staff pages. */
export function HandledByField() {
  const alarm = useRecordContext<SosAlarm>();
  if (!alarm) return null;
  if (alarm.handledBy == null) return <Typography variant="body2">—</Typography>;
  return (
    <GuardedLink resource={staffs.path} to={showPath(staffs.path, alarm.handledBy)}>
      {alarm.handledByName ?? `#${alarm.handledBy}`}
    </GuardedLink>
  );
}

/** When it was raised (city time) and, under it, its age as a clock, ticking while it is still new. */
export function RaisedField() {
  const alarm = useRecordContext<SosAlarm>();
  const ticking = alarm?.status === 'new';
  const now = new Date(useNow(1000, ticking));
  if (!alarm) return null;
  if (!alarm.calledAt || Number.isNaN(Date.parse(alarm.calledAt))) return <Typography variant="body2">—</Typography>;
  const iso = new Date(alarm.calledAt).toISOString();
  return (
    <Box>
      <Typography component="time" variant="body2" dateTime={iso} sx={{ display: 'block' }}>
        <RowLink>{formatDateTime(alarm.calledAt)}</RowLink>
      </Typography>
      <Typography
        variant="caption"
        color={ticking ? 'error' : 'text.secondary'}
        sx={{ fontWeight: ticking ? 700 : 400, fontVariantNumeric: 'tabular-nums' }}
      >
        {ticking ? `${formatAge(secondsBetween(new Date(alarm.calledAt), now))}` : formatRelativeTime(alarm.calledAt)}
      </Typography>
    </Box>
  );
}

/** The seconds to acknowledge, in words; a dash while nobody has. */
export function AckTimeField() {
  const alarm = useRecordContext<SosAlarm>();
  if (!alarm) return null;
  return (
    <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
      {alarm.ackSeconds == null ? '—' : formatSecondsPrecise(alarm.ackSeconds)}
    </Typography>
  );
}
