import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Polls `probe` until it answers something truthy, and returns that. The bound (30 s) is reached only
 * by a state that never comes: on a busy machine the server's answer comes later, and the test waits.
 */
export async function waitFor<T>(
  probe: () => Promise<T | undefined | null | false>,
  what: string,
  ms = 30_000,
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}
