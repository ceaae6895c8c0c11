import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useNow } from '../../../src/kit/useNow';

function Age({ id, since, running = true }: { id: string; since: number; running?: boolean }) {
  const now = useNow(1000, running);
  return <span data-testid={id}>{Math.round((now - since) / 1000)} s</span>;
}

describe('useNow: the shared ticking clock', () => {
  const start = new Date('2026-11-25T08:00:00Z').getTime();
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(start);
  });
  afterEach(() => vi.useRealTimers());

  it('moves every interval, with one timer for all the components at that pace', () => {
    const setInterval = vi.spyOn(globalThis, 'setInterval');
    render(
      <>
        <Age id="a" since={start} />
        <Age id="b" since={start - 60_000} />
      </>,
    );
    expect(screen.getByTestId('a').textContent).toBe('0 s');
    act(() => {
      vi.advanceTimersByTime(3000);
    });
    expect(screen.getByTestId('a').textContent).toBe('3 s');
    expect(screen.getByTestId('b').textContent).toBe('63 s');
    expect(setInterval).toHaveBeenCalledTimes(1);
  });

  it('a component mounted between two ticks starts from its own first render, not the last tick', () => {
    render(<Age id="early" since={start} />);
    act(() => {
      vi.advanceTimersByTime(1900);
    });
    render(<Age id="late" since={start + 1900} />);
    expect(screen.getByTestId('late').textContent).toBe('0 s');
    act(() => {
      vi.advanceTimersByTime(100);
    });
    expect(screen.getByTestId('late').textContent).toBe('0 s');
    expect(screen.getByTestId('early').textContent).toBe('2 s');
  });

  it('stopped, it keeps the time it last showed; the timer ends when nobody listens', () => {
    const clearInterval = vi.spyOn(globalThis, 'clearInterval');
    const { rerender, unmount } = render(<Age id="a" since={start} />);
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    rerender(<Age id="a" since={start} running={false} />);
    expect(clearInterval).toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(screen.getByTestId('a').textContent).toBe('5 s');
    rerender(<Age id="a" since={start} running />);
    expect(screen.getByTestId('a').textContent).toBe('10 s');
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
