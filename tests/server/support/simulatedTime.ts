import type { Simulator } from '../../../server/simulator/simulator.js';

/**
 * Checks `done` after each of the simulator's ticks until it holds or `simulatedMs` of the
 * simulator's own clock have passed since the call, and returns whether it held. The bound is the
 * simulation's progress, not the wall clock: ticks come late on a busy machine, so a wait counted in
 * seconds ends early there, before the simulated drivers had the time the test gives them.
 */
export async function untilSimulated(
  sim: Simulator,
  simulatedMs: number,
  done: () => boolean | Promise<boolean>,
): Promise<boolean> {
  const end = sim.clock + simulatedMs;
  for (;;) {
    if (await done()) return true;
    if (sim.clock >= end) return false;
    await sim.nextTick();
  }
}

/** Waits until `simulatedMs` of the simulator's clock have passed. */
export function simulatedPause(sim: Simulator, simulatedMs: number): Promise<boolean> {
  return untilSimulated(sim, simulatedMs, () => false);
}

/**
 * A faster pace for tests: a tick every `tickMs` instead of every second, each covering what a tick
 * at `speed` covers in the demo (`speed` simulated seconds). The server's own timers (an offer's 15 s,
 * a request's latency) stay real, so they span more simulated time the faster the ticks: a test whose
 * outcome depends on them ticks less fast. In lockstep, no tick passes while an app's call is still
 * waiting for the server: a server slowed by a busy machine slows the simulated clock with it.
 */
export const fast = (speed: number, tickMs = 250) => ({ speed: (speed * 1000) / tickMs, tickMs, lockstep: true });
