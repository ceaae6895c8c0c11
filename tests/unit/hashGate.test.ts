import { describe, expect, it } from 'vitest';
import { HashGate } from '../../server/auth/passwords.js';
import { cookieValue, issueDeviceToken, readDeviceToken } from '../../server/auth/deviceToken.js';

/** Issue 43, section 3: password hashes at once are bounded; device tokens are signed and bound to an account. */
describe('HashGate', () => {
  it('runs at most `concurrency` at once, queues `queue` more and refuses the rest with a 503', async () => {
    const gate = new HashGate(2, 3);
    let running = 0;
    let most = 0;
    const release: (() => void)[] = [];
    const work = () =>
      gate.run(async () => {
        running++;
        most = Math.max(most, running);
        await new Promise<void>((resolve) => release.push(resolve));
        running--;
        return 'done';
      });
    const accepted = Array.from({ length: 5 }, work);
    await expect(work()).rejects.toMatchObject({ statusCode: 503 });
    expect(gate.load).toEqual({ running: 2, waiting: 3 });
    while (release.length || gate.load.running) {
      release.shift()?.();
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    expect(await Promise.all(accepted)).toEqual(Array(5).fill('done'));
    expect(most).toBe(2);
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
  });

  it('frees its place when the work fails', async () => {
    const gate = new HashGate(1, 0);
    await expect(gate.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await gate.run(async () => 1)).toBe(1);
  });
});

describe('device tokens', () => {
  it('are read back only with their signature, within their age', () => {
    const token = issueDeviceToken('secret', 7, 1_000_000);
    expect(readDeviceToken('secret', token, 1_000_000)).toMatchObject({ staffId: 7, device: expect.any(String) });
    expect(readDeviceToken('other', token, 1_000_000)).toBeUndefined();
    expect(readDeviceToken('secret', `${token.slice(0, -2)}AA`, 1_000_000)).toBeUndefined();
    expect(readDeviceToken('secret', token, 1_000_000 + 181 * 86_400_000)).toBeUndefined();
    expect(readDeviceToken('secret', 'x.y.z')).toBeUndefined();
    expect(cookieValue(`a=1; ride_device=${token}`, 'ride_device')).toBe(token);
  });
});
