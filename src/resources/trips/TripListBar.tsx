import { Box, MenuItem, Stack, Tab, Tabs, TextField } from '@mui/material';
import { memo, useCallback, useRef, useState } from 'react';
import { useListContext, useTranslate } from 'react-admin';
import {
  RANGE_PRESETS,
  TRIP_TABS,
  dayOf,
  dayRange,
  presetOf,
  presetRange,
  tabOf,
  tabSort,
  withTab,
  type RangePreset,
  type TripTab,
} from './tripListState';
import { withinDayBounds } from '../../kit/dateBounds';
import { LocalizedWallClockField } from '../../kit/pickers/WallClockField';

/** A day the range takes: one inside the date bounds, or none (the field cleared). */
const dayOrNone = (day: string) => day === '' || withinDayBounds(day);

/** The quick tabs: All, Active, Waiting for a driver (oldest first), Completed, Cancelled. */
export function TripTabs() {
  const { filterValues, setFilters, setSort, displayedFilters } = useListContext();
  const latest = useRef({ filterValues, setFilters, setSort, displayedFilters });
  latest.current = { filterValues, setFilters, setSort, displayedFilters };
  const choose = useCallback((tab: TripTab) => {
    const list = latest.current;
    list.setSort(tabSort(tab));
    list.setFilters(withTab(list.filterValues, tab), list.displayedFilters);
  }, []);
  return <TripTabBar current={tabOf(filterValues) ?? false} onChoose={choose} />;
}

/**
 * The tabs themselves, drawn again only when the chosen tab changes: MUI's Tabs measures itself
 * after every render (a forced layout of the whole page), and the list's context changes with
 * every page of data.
 */
const TripTabBar = memo(function TripTabBar({
  current,
  onChoose,
}: {
  current: TripTab | false;
  onChoose: (tab: TripTab) => void;
}) {
  const translate = useTranslate();
  return (
    <Tabs
      value={current}
      onChange={(_, tab: TripTab) => onChoose(tab)}
      variant="scrollable"
      allowScrollButtonsMobile
      aria-label={translate('app.trips.tabs.all')}
      sx={{ px: 1, borderBottom: 1, borderColor: 'divider' }}
    >
      {TRIP_TABS.map((tab) => (
        <Tab key={tab} value={tab} label={translate(`app.trips.tabs.${tab}`)} data-testid={`trip-tab-${tab}`} />
      ))}
    </Tabs>
  );
});

type RangeChoice = RangePreset | 'custom' | 'any';

/** The requested-time range: presets in the city's calendar, or custom days. */
export function RequestedRangeFilter() {
  const translate = useTranslate();
  const { filterValues, setFilters, displayedFilters } = useListContext();
  const matched = presetOf(filterValues);
  const [customOpen, setCustomOpen] = useState(false);
  const choice: RangeChoice = customOpen ? 'custom' : (matched ?? 'any');
  const apply = (range: { requestedAt_gte?: string; requestedAt_lte?: string }) => {
    const { requestedAt_gte: _gte, requestedAt_lte: _lte, ...rest } = filterValues as Record<string, unknown>;
    setFilters({ ...rest, ...range }, displayedFilters);
  };
  const choose = (value: RangeChoice) => {
    if (value === 'custom') return setCustomOpen(true);
    setCustomOpen(false);
    apply(value === 'any' ? {} : presetRange(value));
  };
  const fromDay = dayOf(filterValues.requestedAt_gte);
  const toDay = dayOf(filterValues.requestedAt_lte);
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
      <TextField
        select
        size="small"
        label={translate('app.trips.range.label')}
        value={choice}
        onChange={(e) => choose(e.target.value as RangeChoice)}
        sx={{ minWidth: 160 }}
        slotProps={{ htmlInput: { 'data-testid': 'trip-range' } }}
      >
        <MenuItem value="any">{translate('app.trips.range.any')}</MenuItem>
        {RANGE_PRESETS.map((p) => (
          <MenuItem key={p} value={p}>
            {translate(`app.trips.range.${p}`)}
          </MenuItem>
        ))}
        <MenuItem value="custom">{translate('app.trips.range.custom')}</MenuItem>
      </TextField>
      {(choice === 'custom' || matched === 'custom') && (
        <Box sx={{ display: 'flex', gap: 1 }}>
          <LocalizedWallClockField
            kind="day"
            label={translate('app.trips.range.from')}
            value={fromDay}
            onChange={(day) => dayOrNone(day) && apply(dayRange(day || undefined, toDay || undefined))}
          />
          <LocalizedWallClockField
            kind="day"
            label={translate('app.trips.range.to')}
            value={toDay}
            onChange={(day) => dayOrNone(day) && apply(dayRange(fromDay || undefined, day || undefined))}
          />
        </Box>
      )}
    </Stack>
  );
}
