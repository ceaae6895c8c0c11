import { useSyncExternalStore } from 'react';
import { whenIdle } from '../../kit/whenIdle';

/** localStorage item remembering that the staff member muted the SOS sound. */
export const SOS_SOUND_MUTED_KEY = 'notifications.sosSoundMuted';

type Listener = () => void;
const listeners = new Set<Listener>();

function storage(): Storage | undefined {
  return typeof globalThis.localStorage === 'undefined' ? undefined : globalThis.localStorage;
}

export const isSosSoundMuted = (): boolean => storage()?.getItem(SOS_SOUND_MUTED_KEY) === 'true';

export function setSosSoundMuted(muted: boolean): void {
  if (muted) storage()?.setItem(SOS_SOUND_MUTED_KEY, 'true');
  else storage()?.removeItem(SOS_SOUND_MUTED_KEY);
  for (const listener of listeners) listener();
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === SOS_SOUND_MUTED_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** Whether the SOS sound is muted (also when changed in another tab). */
export function useSosSoundMuted(): boolean {
  return useSyncExternalStore(subscribe, isSosSoundMuted, isSosSoundMuted);
}

type AudioContextClass = typeof AudioContext;

function audioContextClass(): AudioContextClass | undefined {
  const scope = globalThis as { AudioContext?: AudioContextClass; webkitAudioContext?: AudioContextClass };
  return scope.AudioContext ?? scope.webkitAudioContext;
}

let context: AudioContext | undefined;

function audio(): AudioContext | undefined {
  if (context) return context;
  const Context = audioContextClass();
  if (!Context) return undefined;
  try {
    context = new Context();
  } catch {
    return undefined;
  }
  return context;
}

const AUDIO_DELAY_MS = 2_000;
const AUDIO_IDLE_TIMEOUT_MS = 3_000;

/**
 * Browsers start audio only after the user has interacted with the page:
 * the first click or key press (e.g. signing in) unlocks it for later alerts.
 * Creating the audio context takes Chromium 75–170 ms of the page's main thread, so it is created
 * two seconds after that first click, when the page is idle, instead of delaying the screen the
 * click opens. The page keeps its user activation, so the context starts running all the same, and
 * an alarm in the meantime creates it itself (playSosSound).
 */
export function unlockSosSoundOnInteraction(): () => void {
  const unlock = () => {
    stop();
    whenIdle(
      () => {
        const ctx = audio();
        if (ctx?.state === 'suspended') ctx.resume().catch(() => undefined);
      },
      { delayMs: AUDIO_DELAY_MS, timeoutMs: AUDIO_IDLE_TIMEOUT_MS },
    );
  };
  const stop = () => {
    window.removeEventListener('pointerdown', unlock, true);
    window.removeEventListener('keydown', unlock, true);
  };
  window.addEventListener('pointerdown', unlock, true);
  window.addEventListener('keydown', unlock, true);
  return stop;
}

/**
 * The test hook: how many times the SOS sound was asked for, on `<html data-sos-sounds>` (end-to-end
 * tests read it; headless browsers have no speakers to listen to).
 */
export const SOS_SOUND_COUNTER = 'sosSounds';

function countSosSound(): void {
  if (typeof document === 'undefined') return;
  const root = document.documentElement;
  root.dataset[SOS_SOUND_COUNTER] = String(Number(root.dataset[SOS_SOUND_COUNTER] ?? 0) + 1);
}

/** Three rising-falling double beeps, about 1.4 s long. */
const BEEPS = [
  { at: 0, frequency: 988 },
  { at: 0.2, frequency: 740 },
  { at: 0.5, frequency: 988 },
  { at: 0.7, frequency: 740 },
  { at: 1.0, frequency: 988 },
  { at: 1.2, frequency: 740 },
];
const BEEP_SECONDS = 0.17;
const VOLUME = 0.18;

/**
 * Plays the SOS alert with the Web Audio API (oscillator beeps, no sound
 * file). Does nothing where audio is unavailable; never throws.
 */
export function playSosSound(): void {
  countSosSound();
  const ctx = audio();
  if (!ctx) return;
  try {
    if (ctx.state === 'suspended') ctx.resume().catch(() => undefined);
    const start = ctx.currentTime + 0.05;
    for (const { at, frequency } of BEEPS) {
      const begin = start + at;
      const end = begin + BEEP_SECONDS;
      const oscillator = ctx.createOscillator();
      oscillator.type = 'square';
      oscillator.frequency.setValueAtTime(frequency, begin);
      const envelope = ctx.createGain();
      envelope.gain.setValueAtTime(0, begin);
      envelope.gain.linearRampToValueAtTime(VOLUME, begin + 0.01);
      envelope.gain.setValueAtTime(VOLUME, end - 0.03);
      envelope.gain.linearRampToValueAtTime(0, end);
      oscillator.connect(envelope);
      envelope.connect(ctx.destination);
      oscillator.start(begin);
      oscillator.stop(end);
    }
  } catch (error) {
    console.warn('[notifications] the SOS sound could not be played', error);
  }
}

/** For tests: forget the audio context so a stubbed AudioContext is used. */
export function forgetSosAudioContext(): void {
  context = undefined;
}
