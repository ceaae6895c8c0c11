import { useQuery } from '@tanstack/react-query';
import type { Service } from '../resources/types';
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
  } = {},
) {
  const dataProvider = usePanelDataProvider();
  return useQuery({
    queryKey: ['queryModule', options.service ?? 'trip', path, params],
    // Silent: the screens show their own error state with a retry, not a toast as well.
    queryFn: async ({ signal }) =>
      (await dataProvider.query<{ data: T }>(options.service ?? 'trip', path, params, { silent: true, signal })).data,
    enabled: options.enabled ?? true,
    ...(options.retry !== undefined && { retry: options.retry }),
  });
}
