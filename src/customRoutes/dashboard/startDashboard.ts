import type { QueryClient } from '@tanstack/react-query';
import type { PanelDataProvider } from '../../dataProviders/createDataProvider';
import { prefetchQueryModule } from '../../dataProviders/useQueryModule';
import { visibleCards } from '../../domain/dashboardCards';
import { FIRST_PRESET, KPIS_FRESH_MS } from './kpisQuery';
import { loadDashboard } from './loadDashboard';
import { QUERIES } from '../../dataProviders/calls';

export { FIRST_PRESET, KPIS_FRESH_MS };

/**
 * Right after signing in, before the layout has rendered: starts the dashboard's chunk and its
 * cards' request together, so that the first screen waits for neither in turn (no waterfall
 * of session → layout → chunk → request). Nothing is asked for a viewer who sees no card.
 */
export function startDashboard(
  client: QueryClient,
  dataProvider: Pick<PanelDataProvider, 'query'>,
  permissions: string[],
): void {
  void loadDashboard().catch(() => undefined);
  if (visibleCards(permissions).length > 0)
    void prefetchQueryModule(
      client,
      dataProvider,
      QUERIES.dashboard.kpis,
      { preset: FIRST_PRESET },
      { keepMs: KPIS_FRESH_MS },
    );
}
