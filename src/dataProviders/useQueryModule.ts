import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import type { Service } from '../resources/types';
import type { PanelDataProvider } from './createDataProvider';
import { usePanelDataProvider } from './useAction';

/**
 * Reads a query module (`GET /api/<service>/<path>`, answering `{data}`) through the data
 * provider, cached by path and parameters, without an error toast (the caller shows the error). `enabled: false` skips it (e.g. a card group the
 * viewer may not see).
 */
export function useQueryModule<T>(
  path: string,
  params: Record<string, unknown> = {},
  options: {
    enabled?: boolean;
    service?: Service;
    /** Attempts after a failure (react-query's default: 3). */ retry?: number;
    /** How long an answer counts as fresh (ms): a prefetched one is then not asked again on mount. */
    staleTime?: number;
    /** Keep showing the last answer while new parameters load (a table's next page), `isPlaceholderData` meanwhile. */
    keepPrevious?: boolean;
  } = {},
) {
  const dataProvider = usePanelDataProvider();
  return useQuery({
    ...queryModuleOptions<T>(dataProvider, path, params, options.service),
    enabled: options.enabled ?? true,
    ...(options.retry !== undefined && { retry: options.retry }),
    ...(options.staleTime !== undefined && { staleTime: options.staleTime }),
    ...(options.keepPrevious && { placeholderData: keepPreviousData }),
  });
}

/** The cache key and fetch of a query module, shared by the hook and `prefetchQueryModule`. */
function queryModuleOptions<T>(
  dataProvider: Pick<PanelDataProvider, 'query'>,
  path: string,
  params: Record<string, unknown>,
  service: Service = 'trip',
) {
  return {
    queryKey: ['queryModule', service, path, params],
    // Silent: the screens show their own error state with a retry, not a toast as well.
    queryFn: async ({ signal }: { signal?: AbortSignal }) =>
      (await dataProvider.query<{ data: T }>(service, path, params, { silent: true, signal })).data,
  };
}

/**
 * Starts a query module's request into the cache before the screen that reads it has rendered
 * (e.g. the dashboard's cards right after signing in, in parallel with the layout and the lazy
 * chunks). The answer is kept `keepMs` so that the screen finds it; a failure is left to the screen.
 */
export function prefetchQueryModule(
  client: QueryClient,
  dataProvider: Pick<PanelDataProvider, 'query'>,
  path: string,
  params: Record<string, unknown> = {},
  { service, keepMs = 10_000 }: { service?: Service; keepMs?: number } = {},
): Promise<void> {
  return client.prefetchQuery({ ...queryModuleOptions(dataProvider, path, params, service), gcTime: keepMs });
}
