import { TRIP_UPDATED } from '../../domain/tripEvents';
import {
  Box,
  Button,
  Card,
  CardContent,
  Skeleton,
  ToggleButton,
  ToggleButtonGroup,
  toggleButtonGroupClasses,
  Typography,
  type SxProps,
  type Theme,
} from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useSession } from '../../auth/useSession';
import { visibleCards } from '../../domain/dashboardCards';
import { DATE_PRESETS, type DatePreset } from '../../domain/dateRange';
import { P } from '../../domain/permissionNames';
import { useQueryModule } from '../../dataProviders/useQueryModule';
import { formatCalendarDay, formatCount, formatDateTime } from '../../kit/format';
import { EmptyState, ErrorState } from '../../kit/States';
import type { NewNotificationEvent } from '../../domain/notifications';
import { SOS_UPDATED } from '../../domain/sos';
import { useSocketEvent } from '../../realtime/RealtimeProvider';
import { useSocketFallback } from '../../realtime/useSocketFallback';
import { PageCard } from '../PageCard';
import { DashboardCharts } from './DashboardCharts';
import { KpiCard } from './KpiCard';
import { filterMenuByPermissions, isMenuGroup, MENU, menuLabelKey } from '../../layout/menu';
import { menuIcons } from '../../layout/menuIcons';
import { FIRST_PRESET, KPIS_FRESH_MS } from './kpisQuery';
import { QUERIES } from '../../dataProviders/calls';

export interface Kpis {
  period: { from: string; to: string };
  /** `until`: the previous period stops at this instant, as far into it as the current one has run. */
  previous: { from: string; to: string; until?: string };
  cards: Record<string, { value: number | null; previous?: number | null; breached?: number }>;
}

export interface Live {
  driversOnline: number;
  driversOnTrip: number;
  tripsWaiting: number;
  at: string;
}

/**
 * The period's buttons wrap on a narrow window (320 px, WCAG 1.4.10 Reflow); there each button has its
 * own border and corners, as a joined group would lose the first border of each new line.
 */
const WRAPPED_RANGES: SxProps<Theme> = (theme) => ({
  flexWrap: 'wrap',
  [theme.breakpoints.down('sm')]: {
    gap: 0.5,
    [`& .${toggleButtonGroupClasses.grouped}`]: { m: 0, border: 1, borderColor: 'divider', borderRadius: 1 },
  },
});

const dayLabel = (day: string) => formatCalendarDay(day, { day: 'numeric', month: 'short' }) ?? day;

const timeLabel = (at: string) => formatDateTime(at, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }) ?? '';

/** "vs 23 Nov until 14:05", "vs 10 Nov – 16 Nov", … in the city's time. */
function comparisonLabel(previous: Kpis['previous'], translate: ReturnType<typeof useTranslate>): string {
  const oneDay = previous.from === previous.to;
  if (previous.until)
    return oneDay
      ? translate('app.insights.vsPreviousDayUntil', { day: dayLabel(previous.from), time: timeLabel(previous.until) })
      : translate('app.insights.vsPreviousUntil', {
          from: dayLabel(previous.from),
          to: dayLabel(previous.to),
          time: timeLabel(previous.until),
        });
  return oneDay
    ? translate('app.insights.vsPreviousDay', { day: dayLabel(previous.from) })
    : translate('app.insights.vsPrevious', { from: dayLabel(previous.from), to: dayLabel(previous.to) });
}

/** Runs `fn` once `ms` after the first of a burst of calls (a burst of socket events costs one refetch). */
function useCoalesced(fn: () => void, ms = 500): () => void {
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef(fn);
  useEffect(() => {
    latest.current = fn;
  });
  useEffect(
    () => () => {
      if (pending.current) clearTimeout(pending.current);
    },
    [],
  );
  return useCallback(() => {
    if (pending.current) return;
    pending.current = setTimeout(() => {
      pending.current = null;
      latest.current();
    }, ms);
  }, [ms]);
}

/**
 * The SOS card (alarms not yet acknowledged) follows the alarms live, as the SOS board and banner do:
 * a new alarm (`newNotification` of type sos) or any step of one (`sosUpdated`: acknowledged,
 * resolved…) refetches the cards; while the socket is down, every 15 s.
 */
function useLiveSosCard(enabled: boolean, refetch: () => void) {
  const reload = useCoalesced(() => {
    if (enabled) refetch();
  });
  useSocketEvent(SOS_UPDATED, reload);
  useSocketEvent<NewNotificationEvent>('newNotification', (event) => {
    if (event.type === 'sos') reload();
  });
  useSocketFallback(() => {
    if (enabled) refetch();
  });
}

/** The index page: KPI cards for a period against the one before, live figures and charts. */
export default function Dashboard() {
  const translate = useTranslate();
  const session = useSession();
  const permissions = useMemo(() => session?.userInfo.role.permissions.map((p) => p.name) ?? [], [session]);
  const cards = visibleCards(permissions);
  const [preset, setPreset] = useState<DatePreset>(FIRST_PRESET);
  // Started at sign-in already (startDashboard), with the chunk: found in the cache, not asked again.
  const kpis = useQueryModule(
    QUERIES.dashboard.kpis,
    { preset },
    { enabled: cards.length > 0, staleTime: KPIS_FRESH_MS },
  );
  const seesTrips = permissions.includes(P.viewTrip);
  const comparedWith = kpis.data ? comparisonLabel(kpis.data.previous, translate) : undefined;
  useLiveSosCard(
    cards.some((card) => card.key === 'sosUnacknowledged'),
    () => void kpis.refetch(),
  );

  return (
    <PageCard title={translate('app.pages.dashboard')} testId="dashboard">
      <Box
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', justifyContent: 'space-between', mb: 2 }}
      >
        {session && (
          <Typography variant="h6">{translate('app.pages.welcome', { name: session.userInfo.fullName })}</Typography>
        )}
        {cards.length > 0 && (
          <ToggleButtonGroup
            size="small"
            exclusive
            value={preset}
            onChange={(_, value: DatePreset | null) => value && setPreset(value)}
            aria-label={translate('app.insights.period')}
            sx={WRAPPED_RANGES}
          >
            {DATE_PRESETS.map((p) => (
              <ToggleButton key={p} value={p}>
                {translate(`app.insights.presets.${p}`)}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        )}
      </Box>
      {cards.length === 0 && <EmptyState message={translate('app.insights.nothingToShow')} />}
      {kpis.isError && <ErrorState message={translate('app.insights.loadError')} onRetry={() => kpis.refetch()} />}
      <Box
        data-testid="kpi-cards"
        sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fill, minmax(190px, 1fr))', mb: 2 }}
      >
        {cards.map((definition) => {
          const card = kpis.data?.cards[definition.key];
          if (!kpis.data)
            return kpis.isError ? null : (
              <Skeleton key={definition.key} variant="rounded" height={92} data-testid="kpi-loading" />
            );
          if (!card) return null;
          return (
            <KpiCard
              key={definition.key}
              definition={definition}
              value={card.value}
              previous={card.previous}
              breached={card.breached}
              comparedWith={comparedWith}
            />
          );
        })}
      </Box>
      <ReportLinks permissions={permissions} />
      {seesTrips && <LiveNow />}
      {(seesTrips || permissions.includes(P.viewDriver) || permissions.includes(P.viewPassenger)) && (
        <DashboardCharts preset={preset} permissions={permissions} ready={cards.length === 0 || !kpis.isPending} />
      )}
    </PageCard>
  );
}

/** Drivers online, on a trip, and trips waiting: a REST snapshot, refreshed when a trip changes. */
function LiveNow() {
  const translate = useTranslate();
  const live = useQueryModule(QUERIES.dashboard.live, {});
  // A burst of trip events costs one refresh.
  useSocketEvent(
    TRIP_UPDATED,
    useCoalesced(() => void live.refetch()),
  );
  const figures = [
    ['driversOnline', live.data?.driversOnline],
    ['driversOnTrip', live.data?.driversOnTrip],
    ['tripsWaiting', live.data?.tripsWaiting],
  ] as const;
  return (
    <Card variant="outlined" sx={{ mb: 2 }} data-testid="live-now">
      <CardContent
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, alignItems: 'center', py: 1.5, '&:last-child': { pb: 1.5 } }}
      >
        <Typography variant="subtitle1" sx={{ fontWeight: 600, display: 'flex', alignItems: 'center', gap: 1 }}>
          <Box component="span" sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: 'success.main' }} />
          {translate('app.insights.live.title')}
        </Typography>
        {live.isError ? (
          <ErrorState message={translate('app.insights.loadError')} onRetry={() => live.refetch()} />
        ) : (
          figures.map(([key, value]) => (
            <Box key={key} data-testid={`live-${key}`}>
              <Typography variant="caption" color="text.secondary">
                {translate(`app.insights.live.${key}`)}
              </Typography>
              <Typography variant="h6" component="p">
                {value === undefined ? <Skeleton width={40} /> : formatCount(value)}
              </Typography>
            </Box>
          ))
        )}
      </CardContent>
    </Card>
  );
}

/** The reports the role may open, as in the menu's Report & Analytics group (one list: the menu's). */
function ReportLinks({ permissions }: { permissions: readonly string[] }) {
  const translate = useTranslate();
  const group = filterMenuByPermissions(MENU, permissions).find((entry) => entry.id === 'reports');
  if (!group || !isMenuGroup(group)) return null;
  return (
    <Box
      component="nav"
      aria-label={translate('app.menu.reports')}
      data-testid="report-links"
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 2 }}
    >
      <Typography variant="subtitle2" component="h2" sx={{ marginInlineEnd: 1 }}>
        {translate('app.menu.reports')}
      </Typography>
      {group.children.map((entry) => {
        const Icon = menuIcons[entry.icon];
        return (
          <Button
            key={entry.id}
            component={RouterLink}
            to={entry.path}
            size="small"
            variant="outlined"
            startIcon={<Icon fontSize="small" />}
          >
            {translate(menuLabelKey(entry))}
          </Button>
        );
      })}
    </Box>
  );
}
