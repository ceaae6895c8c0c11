import type { Socket } from 'socket.io-client';

/** Helpers shared by the realtime suites (one instance, and two instances through Redis). */

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Resolves with the disconnect reason once the socket is dropped (at once if it already is). */
export const disconnected = (socket: Socket, timeoutMs = 5000) =>
  new Promise<string>((resolve, reject) => {
    if (!socket.connected) return resolve('already disconnected');
    const timer = setTimeout(() => reject(new Error('the socket was not disconnected')), timeoutMs);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });

// Seeded phones are +2547 followed by 1xxxxxxx–5xxxxxxx; these start at 9 and never repeat within a run.
let phoneSeq = Math.floor(Math.random() * 5_000_000);
/** A driver phone number no seeded or earlier registration holds. */
export const uniquePhone = () => `+25479${String(phoneSeq++ % 10_000_000).padStart(7, '0')}`;
