import { useDeferredValue, type ReactNode } from 'react';

/**
 * Its children, from the render React does right after this one mounts, at low priority: a screen
 * draws what it is opened for first (a trip's number and status) and the heavier rest (maps,
 * timelines, related lists) a moment later, without holding the first back.
 */
export function AfterFirstPaint({ children }: { children: ReactNode }) {
  return useDeferredValue(true, false) ? children : null;
}
