import type { Simulator } from '../../../server/simulator/simulator.js';

/**
 * Polls `done` until it holds or `simulatedMs` of the simulator's own clock have passed since the
 * call, and returns whether it held. The bound is the simulation's progress, not the wall clock: the
 * simulator moves one tick a second and ticks come late on a busy machine, so a wait counted in
 * seconds ends early there, before the simulated drivers had the time the test gives them.
 */
export async function untilSimulated(
  sim: Simulator,
  simulatedMs: number,
  done: () => boolean | Promise<boolean>,
  pollMs = 250,
): Promise<boolean> {
  const end = sim.clock + simulatedMs;
  for (;;) {
    if (await done()) return true;
    if (sim.clock >= end) return false;
    await new Promise((r) => setTimeout(r, pollMs));
  }
}

/** Waits until `simulatedMs` of the simulator's clock have passed. */
export function simulatedPause(sim: Simulator, simulatedMs: number): Promise<boolean> {
  return untilSimulated(sim, simulatedMs, () => false);
}
