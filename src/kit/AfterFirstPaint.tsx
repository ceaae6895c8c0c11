import { useDeferredValue, type ReactNode } from 'react';

/**
 * False in the render that mounts the caller, true from the render React does right after it, at
 * low priority (React's deferred value): what a screen is opened for draws first, the rest a
 * moment later without holding it back. AfterFirstPaint, FilterAfterRows and RowsFirstBody use it.
 */
export function useAfterFirstRender(): boolean {
  return useDeferredValue(true, false);
}

/**
 * Its children, from the render after this one mounts: a screen draws what it is opened for first
 * (a trip's number and status) and the heavier rest (maps, timelines, related lists) a moment later.
 */
export function AfterFirstPaint({ children }: { children: ReactNode }) {
  return useAfterFirstRender() ? children : null;
}
