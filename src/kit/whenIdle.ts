type IdleScope = {
  requestIdleCallback?: (task: () => void, options: { timeout: number }) => number;
  cancelIdleCallback?: (handle: number) => void;
};

/**
 * Runs `task` once `delayMs` have passed and the page is idle (or `timeoutMs` after that at the
 * latest), for work a screen wants done soon but not while it is drawing. Returns a cancel.
 */
export function whenIdle(task: () => void, { delayMs = 0, timeoutMs = 3_000 } = {}): () => void {
  const scope = globalThis as IdleScope;
  let idle: number | undefined;
  const timer = setTimeout(() => {
    if (scope.requestIdleCallback) idle = scope.requestIdleCallback(task, { timeout: timeoutMs });
    else task();
  }, delayMs);
  return () => {
    clearTimeout(timer);
    if (idle !== undefined) scope.cancelIdleCallback?.(idle);
  };
}
