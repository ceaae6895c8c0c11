import type { HttpFailure } from './httpFailure';

/**
 * Failed requests that nobody else handles are reported here; the error
 * dialog listens. Recent messages are remembered for a few seconds so that
 * react-admin's own error toast for the same failure can be dropped.
 */
type FailureListener = (failure: HttpFailure) => void;

export const RECENT_FAILURE_WINDOW_MS = 5_000;

const listeners = new Set<FailureListener>();
let recent: { message: string; at: number }[] = [];

export function reportFailure(failure: HttpFailure, now = Date.now()): void {
  recent = [
    ...recent.filter((entry) => now - entry.at < RECENT_FAILURE_WINDOW_MS),
    { message: failure.message, at: now },
  ];
  for (const listener of listeners) listener(failure);
}

export function subscribeToFailures(listener: FailureListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Was a failure with this message reported in the last few seconds? */
export function wasRecentlyReported(message: string, now = Date.now()): boolean {
  return recent.some((entry) => entry.message === message && now - entry.at < RECENT_FAILURE_WINDOW_MS);
}

/** For tests. */
export function forgetReportedFailures(): void {
  recent = [];
}
