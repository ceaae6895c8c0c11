import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import {
  getQuery,
  useAuthProvider,
  useDataProvider,
  type AuthProvider,
  useStoreContext,
  type DataProvider,
  type GetListParams,
  type Identifier,
  type SortPayload,
  type Store,
} from 'react-admin';

/**
 * How long data fetched ahead of a click (a menu link or a record's link hovered) counts as fresh:
 * the screen it was fetched for shows it without asking the server a second time.
 */
export const PREFETCHED_FRESH_MS = 2_000;

/** What a list asks for when it opens with nothing in its URL: its default sort, page size and meta. */
export interface FirstPageQuery {
  sort: SortPayload;
  perPage: number;
  meta?: Record<string, unknown>;
}

/**
 * The parameters react-admin's list will ask with when opened from the menu (no query in the URL):
 * the sort, page and filters remembered in the store for that list, else its defaults — the same
 * rule as ra-core's `useListParams`, whose `getQuery` this calls.
 */
export function firstPageParams(stored: unknown, query: FirstPageQuery): GetListParams {
  const params = getQuery({
    queryFromLocation: {},
    params: (stored ?? {}) as Parameters<typeof getQuery>[0]['params'],
    filterDefaultValues: undefined,
    sort: query.sort,
    perPage: query.perPage,
  });
  return {
    pagination: { page: params.page, perPage: params.perPage },
    sort: { field: params.sort, order: params.order },
    filter: { ...params.filter },
    meta: query.meta,
  };
}

/** The react-query cache keys react-admin's useGetList and useGetOne read (ra-core 5). */
export const listQueryKey = (resource: string, params: GetListParams) => [
  resource,
  'getList',
  { pagination: params.pagination, sort: params.sort, filter: params.filter, meta: params.meta },
];
export const recordQueryKey = (resource: string, id: Identifier) => [
  resource,
  'getOne',
  { id: String(id), meta: undefined },
];

/** The react-query cache key of react-admin's `<CanAccess action>` inside a resource's routes (ra-core 5). */
export const accessQueryKey = (resource: string, action: string) => [
  'auth',
  'canAccess',
  { action, recordId: undefined, resource },
];

/**
 * Asks ahead whether the screen may be opened (the route's `ScreenAccess`), so that it draws at
 * once instead of a loading screen for the one render its answer takes.
 */
function prefetchAccess(
  queryClient: QueryClient,
  authProvider: AuthProvider | undefined,
  resource: string,
  action: 'list' | 'show',
): void {
  if (!authProvider?.canAccess) return;
  const canAccess = authProvider.canAccess.bind(authProvider);
  void queryClient.prefetchQuery({
    queryKey: accessQueryKey(resource, action),
    queryFn: () => canAccess({ action, resource }),
  });
}

/** Fetches into the cache the first page a list will show, so that opening it waits for no request. */
export function prefetchFirstPage(
  queryClient: QueryClient,
  dataProvider: DataProvider,
  store: Store,
  resource: string,
  query: FirstPageQuery,
): void {
  const params = firstPageParams(store.getItem(`${resource}.listParams`), query);
  void queryClient.prefetchQuery({
    queryKey: listQueryKey(resource, params),
    queryFn: () =>
      dataProvider
        .getList(resource, params)
        .then(({ data, total, pageInfo, meta }) => ({ data, total, pageInfo, meta })),
    staleTime: PREFETCHED_FRESH_MS,
  });
}

/** Fetches a record's detail into the cache, so that opening its page waits for no request. */
export function prefetchRecord(
  queryClient: QueryClient,
  dataProvider: DataProvider,
  resource: string,
  id: Identifier,
): void {
  void queryClient.prefetchQuery({
    queryKey: recordQueryKey(resource, id),
    queryFn: () => dataProvider.getOne(resource, { id }).then(({ data }) => data),
    staleTime: PREFETCHED_FRESH_MS,
  });
}

/**
 * Both prefetches, each with the screen's access answer, bound to the panel's cache, providers and
 * store. Errors wait for the screen, which shows them.
 */
export function usePrefetch() {
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider();
  const authProvider = useAuthProvider();
  const store = useStoreContext();
  return useMemo(
    () => ({
      firstPage: (resource: string, query: FirstPageQuery) => {
        prefetchAccess(queryClient, authProvider, resource, 'list');
        prefetchFirstPage(queryClient, dataProvider, store, resource, query);
      },
      record: (resource: string, id: Identifier) => {
        prefetchAccess(queryClient, authProvider, resource, 'show');
        prefetchRecord(queryClient, dataProvider, resource, id);
      },
    }),
    [queryClient, dataProvider, authProvider, store],
  );
}
