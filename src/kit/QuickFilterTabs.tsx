import { Tab, Tabs } from '@mui/material';
import { useListContext, useTranslate, type SortPayload } from 'react-admin';

export interface QuickFilterTab {
  /** Stable id (also the test id suffix). */
  id: string;
  /** A translation key or text. */
  label: string;
  /** The filter values the tab sets; keys other tabs set but this one does not are cleared. */
  filter: Record<string, unknown>;
  /** The order the tab shows its rows in (e.g. a queue by urgency, the resolved by date); the list's own otherwise. */
  sort?: SortPayload;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The keys any tab sets: a tab owns them, the list's other filters stay as they are. */
export const tabKeys = (tabs: readonly QuickFilterTab[]) => [...new Set(tabs.flatMap((t) => Object.keys(t.filter)))];

/** The tab whose filter is exactly what the list's tab keys hold, if any. */
export function currentTab(tabs: readonly QuickFilterTab[], filterValues: Record<string, unknown>): string | undefined {
  const keys = tabKeys(tabs);
  return tabs.find((tab) => keys.every((k) => same(filterValues[k], tab.filter[k])))?.id;
}

/** The list's filter values with `tab` chosen: the tab keys replaced by the tab's, the rest kept. */
export function withTab(tabs: readonly QuickFilterTab[], filterValues: Record<string, unknown>, tab: QuickFilterTab) {
  const keys = new Set(tabKeys(tabs));
  const kept = Object.fromEntries(Object.entries(filterValues).filter(([k]) => !keys.has(k)));
  return { ...kept, ...tab.filter };
}

/**
 * Quick tabs above a list ("Mine", "Unassigned", "Breached"…), each a preset of filter values. The
 * tab is derived from the list's filters (in the URL), so a shared link opens on its tab, and the
 * filters a tab does not own (category, dates…) stay when switching. No tab is selected when the
 * filters match none.
 */
export function QuickFilterTabs({ tabs, label }: { tabs: readonly QuickFilterTab[]; label: string }) {
  const translate = useTranslate();
  const { filterValues, setFilters, displayedFilters, setSort } = useListContext();
  const values = (filterValues ?? {}) as Record<string, unknown>;
  const current = currentTab(tabs, values);
  return (
    <Tabs
      value={current ?? false}
      onChange={(_, id: string) => {
        const tab = tabs.find((t) => t.id === id);
        if (!tab) return;
        setFilters(withTab(tabs, values, tab), displayedFilters);
        if (tab.sort) setSort(tab.sort);
      }}
      variant="scrollable"
      allowScrollButtonsMobile
      aria-label={translate(label, { _: label })}
      sx={{ px: 1, borderBottom: 1, borderColor: 'divider' }}
    >
      {tabs.map((tab) => (
        <Tab key={tab.id} value={tab.id} label={translate(tab.label, { _: tab.label })} data-testid={`tab-${tab.id}`} />
      ))}
    </Tabs>
  );
}
