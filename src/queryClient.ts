import { QueryClient } from '@tanstack/react-query';

/** Cached data is kept one second after its last use (spec §7). */
export const CACHE_UNUSED_TIME_MS = 1_000;

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { gcTime: CACHE_UNUSED_TIME_MS },
    mutations: { gcTime: CACHE_UNUSED_TIME_MS },
  },
});
