import SosIcon from '@mui/icons-material/Sos';
import { Box, Button, Link as MuiLink, Typography } from '@mui/material';
import { SosMarkChip } from '../resources/sos-call-logs/SosMarkChip';
import { useQuery } from '@tanstack/react-query';
import { useCanAccess, useTranslate } from 'react-admin';
import { usePanelDataProvider } from '../dataProviders/useAction';
import { Link } from 'react-router';
import { sosCallLogs } from '../domain/resources';
import { formatAge, secondsBetween, shortName, sosBannerChanges } from '../domain/sos';
import { useEffect, useRef, useState } from 'react';
import { useAcknowledge } from '../resources/sos-call-logs/useAcknowledge';
import { useNow } from '../kit/useNow';
import { useSosLive } from '../resources/sos-call-logs/useSosLive';
import { listPathWithFilter, showPath } from '../resources/shared/recordPaths';
import { useRepeatingSosSound } from './notifications/useRepeatingSosSound';
import { QUERIES } from '../dataProviders/calls';

/** The banner lists at most this many alarms; the rest are a link to the board. */
export const SOS_BANNER_MAX = 3;
/** How many it asks for (beyond that, "+n+ more"). */
const SOS_BANNER_FETCH = 20;

/** The banner's marks (unverified, simulated): white outline on the red banner. */
const BANNER_CHIP_SX = { flexShrink: 0, color: 'inherit', borderColor: 'rgba(255,255,255,0.7)', fontWeight: 600 };

const ALARM_ROW_SX = {
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  columnGap: 1.5,
  rowGap: 0.5,
  px: { xs: 1.5, sm: 3 },
  py: 0.75,
  '& + &': { borderTop: 1, borderColor: 'rgba(255,255,255,0.3)' },
} as const;
/** The alarm's link: part of the line's sentence, wrapping with it. */
const LINE_SX = {
  borderRadius: 0.5,
  '&:focus-visible': { outline: '2px solid currentColor', outlineOffset: 2 },
} as const;
const ACTIONS_SX = { display: 'flex', alignItems: 'center', gap: 1.5, marginInlineStart: 'auto' } as const;

const FIELDS = ['tripId', 'callerKind', 'callerName', 'calledAt', 'status', 'verified', 'simulated'];

/**
 * The panel-wide red banner, on every page, for staff who may view SOS call logs: each
 * unacknowledged alarm as "SOS from passenger Jane W., trip 48213, 0:42 ago" (ticking), opening the
 * alarm on click, with an Acknowledge button for staff who may act. It follows the socket: a new
 * alarm appears, and an acknowledged one leaves every screen at once.
 */
export function SosBanner() {
  const { canAccess } = useCanAccess({ resource: sosCallLogs.path, action: 'list' });
  return canAccess ? <OpenAlarms /> : null;
}

function OpenAlarms() {
  const translate = useTranslate();
  useSosLive();
  const { canAccess: canAct } = useCanAccess({ resource: sosCallLogs.path, action: 'edit' });
  const dataProvider = usePanelDataProvider();
  // Silent: a failed poll never opens the error dialog over whatever page is open; the next event retries.
  const { data } = useQuery({
    queryKey: [sosCallLogs.path, 'banner'],
    queryFn: ({ signal }) =>
      dataProvider.query(
        QUERIES['sos-call-logs'].list,
        {
          filter: { status: 'new' },
          sort: ['calledAt', 'DESC'],
          range: [0, SOS_BANNER_FETCH - 1],
          fields: FIELDS.join(','),
        },
        { silent: true, signal },
      ),
  });
  const { acknowledge, pendingId } = useAcknowledge();
  const alarms = Array.isArray(data) ? data : [];
  // The sound comes back every N seconds (a server setting) until every alarm is acknowledged; the
  // demo simulator's drills do not ring on (they close by themselves after 10 minutes).
  useRepeatingSosSound(alarms.some((alarm) => !alarm.simulated));
  const now = new Date(useNow(1000, alarms.length > 0));
  const lineOf = (alarm: (typeof alarms)[number]) =>
    translate('app.sos.banner.line', {
      caller: translate(`app.sos.banner.caller.${alarm.callerKind}`, { _: alarm.callerKind }),
      who: shortName(alarm.callerName) || translate('app.sos.banner.unknownCaller'),
      trip: alarm.tripId,
    });
  const announcements = useAnnouncements(Array.isArray(data) ? data : undefined, lineOf);
  const shown = alarms.slice(0, SOS_BANNER_MAX);
  const more = alarms.length - shown.length;

  return (
    <>
      {/* Outside the banner, which leaves with the last alarm: the regions are in place before they speak. */}
      <div className="visually-hidden" role="alert" aria-live="assertive" data-testid="sos-announce-new">
        {announcements.arrived}
      </div>
      <div className="visually-hidden" role="status" aria-live="polite" data-testid="sos-announce-update">
        {announcements.update}
      </div>
      {alarms.length > 0 && (
        <Box
          role="region"
          aria-label={translate('app.sos.banner.label')}
          data-testid="sos-banner"
          sx={{
            position: 'sticky',
            top: 0,
            zIndex: (theme) => theme.zIndex.appBar - 1,
            mx: { xs: -1.5, sm: -3 },
            mb: 1,
            bgcolor: 'error.main',
            color: 'error.contrastText',
            boxShadow: 2,
          }}
        >
          {shown.map((alarm) => (
            <Box key={alarm.id} data-testid="sos-banner-alarm" data-id={alarm.id} sx={ALARM_ROW_SX}>
              <SosIcon aria-hidden sx={{ flexShrink: 0 }} />
              {/* The line wraps (a phone, 400 % zoom); the marks and the button go under it when there is no room. */}
              <Typography component="div" sx={{ flex: '1 1 16em', minWidth: 0, fontWeight: 700 }}>
                <MuiLink
                  component={Link}
                  to={showPath(sosCallLogs.path, alarm.id)}
                  title={translate('app.sos.banner.open')}
                  color="inherit"
                  underline="hover"
                  sx={LINE_SX}
                >
                  {lineOf(alarm)}
                </MuiLink>
                {/* Outside the button: its name stays the same while the age ticks each second. */}
                <span data-testid="sos-banner-age">
                  {translate('app.sos.banner.age', { age: formatAge(secondsBetween(new Date(alarm.calledAt), now)) })}
                </span>
              </Typography>
              <Box sx={ACTIONS_SX}>
                {alarm.verified === false && (
                  <SosMarkChip
                    label="app.sos.banner.unverified"
                    hint="app.sos.banner.unverifiedHint"
                    testId="sos-banner-unverified"
                    sx={BANNER_CHIP_SX}
                  />
                )}
                {alarm.simulated && (
                  <SosMarkChip
                    label="app.sos.simulated"
                    hint="app.sos.simulatedHelp"
                    testId="sos-banner-simulated"
                    sx={BANNER_CHIP_SX}
                  />
                )}
                {canAct && (
                  <Button
                    size="small"
                    variant="contained"
                    disabled={pendingId === alarm.id}
                    onClick={() => void acknowledge(alarm.id)}
                    sx={{ flexShrink: 0, bgcolor: '#fff', color: 'error.dark', '&:hover': { bgcolor: '#fdecec' } }}
                  >
                    {translate('app.sos.banner.acknowledge')}
                  </Button>
                )}
              </Box>
            </Box>
          ))}
          {more > 0 && (
            <Box sx={{ px: { xs: 1.5, sm: 3 }, pb: 0.75 }}>
              <Link
                to={listPathWithFilter(sosCallLogs.path, { status: 'new' })}
                style={{ color: 'inherit', fontWeight: 600 }}
              >
                {translate('app.sos.banner.more', { count: alarms.length >= SOS_BANNER_FETCH ? `${more}+` : more })}
              </Link>
            </Box>
          )}
        </Box>
      )}
    </>
  );
}

/**
 * What the live regions say: each alarm that arrived since the last load at once (assertive), and
 * politely how many are left when some leave. The first load says nothing: those are on screen.
 */
function useAnnouncements<A extends { id: number }>(alarms: A[] | undefined, lineOf: (alarm: A) => string) {
  const translate = useTranslate();
  const before = useRef<number[] | undefined>(undefined);
  const [said, setSaid] = useState({ arrived: '', update: '' });
  useEffect(() => {
    if (!alarms) return;
    const ids = alarms.map((alarm) => alarm.id);
    const { arrived, gone } = sosBannerChanges(before.current, ids);
    before.current = ids;
    if (arrived.length > 0) {
      const lines = alarms.filter((alarm) => arrived.includes(alarm.id)).map(lineOf);
      setSaid((old) => ({
        ...old,
        arrived: lines.map((line) => translate('app.sos.banner.announceNew', { line })).join('. '),
      }));
    } else if (gone > 0) {
      const update =
        ids.length === 0
          ? translate('app.sos.banner.announceNone')
          : translate('app.sos.banner.announceLeft', { smart_count: ids.length });
      setSaid((old) => ({ ...old, update }));
    }
    // Only a new load of the alarms is news; the words follow the language at that moment.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [alarms]);
  return said;
}
