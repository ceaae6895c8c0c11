import type { ReactElement } from 'react';
import { useGetOne, type RaRecord } from 'react-admin';
import { useParams } from 'react-router';
import { ErrorState, LoadingState } from '../../kit/States';
import { PREFETCHED_FRESH_MS } from '../../dataProviders/prefetch';

export type RecordFromRoute<T extends RaRecord> = {
  /** The `:id` of the route, as a number (NaN when it is not one). */
  id: number;
  refetch: () => void;
} & ({ record: T; state: null } | { record: undefined; state: ReactElement });

/**
 * The opening of a detail page: the record of `resource` whose id is the route's `:id`, or the state
 * to render instead — the error with a retry, or loading. Call it first, then the page's other
 * hooks, then `if (state) return state;`.
 */
export function useRecordFromRoute<T extends RaRecord>(resource: string): RecordFromRoute<T> {
  const { id: rawId } = useParams();
  const id = Number(rawId);
  // A record fetched a moment ago, when its link was pointed at (RowLink), is shown without asking again.
  const { data, error, isPending, refetch } = useGetOne<T>(resource, { id }, { staleTime: PREFETCHED_FRESH_MS });
  const retry = () => void refetch();
  if (error)
    return { id, refetch: retry, record: undefined, state: <ErrorState message={error.message} onRetry={retry} /> };
  if (isPending || !data) return { id, refetch: retry, record: undefined, state: <LoadingState /> };
  return { id, refetch: retry, record: data, state: null };
}
