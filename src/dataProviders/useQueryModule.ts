import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import type { ModuleAnswer, QueryRef } from './calls';
import type { PanelDataProvider } from './createDataProvider';
import { usePanelDataProvider } from './useAction';

/**
 * Reads a query module (`GET /api/<service>/<path>`, answering `{data}`) through the data
 * provider, cached by path and parameters, without an error toast (the caller shows the error). `enabled: false` skips it (e.g. a card group the
 * viewer may not see).
 */
export function useQueryModule<Params, T>(
  call: QueryRef<Params, ModuleAnswer<T>>,
  params: NoInfer<Params>,
  options: {
    enabled?: boolean;
    /** Attempts after a failure (react-query's default: 3). */ retry?: number;
    /** How long an answer counts as fresh (ms): a prefetched one is then not asked again on mount. */
    staleTime?: number;
    /** Keep showing the last answer while new parameters load (a table's next page), `isPlaceholderData` meanwhile. */
    keepPrevious?: boolean;
  } = {},
) {
  const dataProvider = usePanelDataProvider();
  return useQuery({
    ...queryModuleOptions(dataProvider, call, params),
    enabled: options.enabled ?? true,
    ...(options.retry !== undefined && { retry: options.retry }),
    ...(options.staleTime !== undefined && { staleTime: options.staleTime }),
    ...(options.keepPrevious && { placeholderData: keepPreviousData }),
  });
}

/** The cache key and fetch of a query module, shared by the hook and `prefetchQueryModule`. */
function queryModuleOptions<Params, T>(
  dataProvider: Pick<PanelDataProvider, 'query'>,
  call: QueryRef<Params, ModuleAnswer<T>>,
  params: Params,
) {
  return {
    queryKey: ['queryModule', call.service, call.path, params],
    // Silent: the screens show their own error state with a retry, not a toast as well.
    queryFn: async ({ signal }: { signal?: AbortSignal }) =>
      (await dataProvider.query(call, params, { silent: true, signal })).data,
  };
}

/**
 * Starts a query module's request into the cache before the screen that reads it has rendered
 * (e.g. the dashboard's cards right after signing in, in parallel with the layout and the lazy
 * chunks). The answer is kept `keepMs` so that the screen finds it; a failure is left to the screen.
 */
export function prefetchQueryModule<Params, T>(
  client: QueryClient,
  dataProvider: Pick<PanelDataProvider, 'query'>,
  call: QueryRef<Params, ModuleAnswer<T>>,
  params: NoInfer<Params>,
  { keepMs = 10_000 }: { keepMs?: number } = {},
): Promise<void> {
  return client.prefetchQuery({ ...queryModuleOptions(dataProvider, call, params), gcTime: keepMs });
}
