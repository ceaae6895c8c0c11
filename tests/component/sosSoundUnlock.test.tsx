import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetSosAudioContext, unlockSosSoundOnInteraction } from '../../src/layout/notifications/sosSound';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  forgetSosAudioContext();
});

describe('the SOS sound, unlocked by the first click', () => {
  it('does not build its audio context during that click (it would delay the screen the click opens), but soon after', () => {
    vi.useFakeTimers();
    const created = vi.fn();
    vi.stubGlobal(
      'AudioContext',
      class {
        state = 'running';
        constructor() {
          created();
        }
      },
    );
    const stop = unlockSosSoundOnInteraction();
    window.dispatchEvent(new Event('pointerdown'));
    expect(created).not.toHaveBeenCalled();
    vi.advanceTimersByTime(5_000);
    expect(created).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new Event('keydown'));
    vi.advanceTimersByTime(5_000);
    expect(created).toHaveBeenCalledTimes(1);
    stop();
  });
});
