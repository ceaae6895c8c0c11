import { useCallback, useRef, useSyncExternalStore } from 'react';

interface Clock {
  subscribe(listener: () => void): () => void;
  now(): number;
}

/**
 * One clock per interval, shared by every component that asks for the time at that pace: a board
 * of a hundred waiting times is one `setInterval` and one tick, not a hundred. The timer runs only
 * while someone listens.
 */
const clocks = new Map<number, Clock>();

function clockEvery(everyMs: number): Clock {
  let clock = clocks.get(everyMs);
  if (clock) return clock;
  let now = Date.now();
  const listeners = new Set<() => void>();
  let timer: ReturnType<typeof setInterval> | undefined;
  clock = {
    subscribe(listener) {
      listeners.add(listener);
      if (!timer) {
        now = Date.now();
        timer = setInterval(() => {
          now = Date.now();
          listeners.forEach((l) => l());
        }, everyMs);
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) {
          clearInterval(timer);
          timer = undefined;
        }
      };
    },
    now: () => now,
  };
  clocks.set(everyMs, clock);
  return clock;
}

const stopped = () => () => {};

/**
 * The time now (ms since the epoch), ticking every `everyMs` while `running`, for ages and countdowns
 * that move on screen ("0:42 ago", "5 minutes ago", an SLA turning red). Stopped, it keeps the last
 * time it showed. Never earlier than the component's first render, so a component that mounts
 * between two ticks does not show an age from before its data existed.
 */
export function useNow(everyMs: number, running = true): number {
  const clock = clockEvery(everyMs);
  const mountedAt = useRef(0);
  if (!mountedAt.current) mountedAt.current = Date.now();
  const last = useRef(mountedAt.current);
  const subscribe = useCallback(
    (listener: () => void) => (running ? clock.subscribe(listener) : stopped()),
    [clock, running],
  );
  const ticked = useSyncExternalStore(subscribe, running ? clock.now : () => last.current);
  const now = Math.max(ticked, mountedAt.current);
  last.current = now;
  return now;
}
