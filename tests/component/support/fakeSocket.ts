import { act } from '@testing-library/react';
import type { RealtimeSocket, SocketFactory, SocketListener, SocketOptions } from '../../../src/realtime/socket';

/** A socket at the network boundary: records listeners and lets the test play server events. */
export class FakeSocket implements RealtimeSocket {
  readonly listeners = new Map<string, Set<SocketListener>>();
  /** What the panel sent, oldest first. */
  readonly emitted: [string, ...unknown[]][] = [];
  connectCalls = 0;
  /** Whether the socket counts as connected (socket.io's `connected`). */
  connected = true;
  disconnected = false;

  constructor(readonly options: SocketOptions) {}

  on(event: string, listener: SocketListener) {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event)!.add(listener);
    return this;
  }

  off(event: string, listener: SocketListener) {
    this.listeners.get(event)?.delete(listener);
    return this;
  }

  emit(event: string, ...args: unknown[]) {
    this.emitted.push([event, ...args]);
    return this;
  }

  connect() {
    this.connectCalls += 1;
    return this;
  }

  disconnect() {
    this.disconnected = true;
    return this;
  }

  listening(event: string): boolean {
    return (this.listeners.get(event)?.size ?? 0) > 0;
  }

  /** Plays an event from the server (inside act, as React state changes follow). */
  serverSends(event: string, ...args: unknown[]) {
    act(() => {
      for (const listener of [...(this.listeners.get(event) ?? [])]) listener(...args);
    });
  }
}

/** A socket factory that hands out fake sockets and remembers them, newest last. */
export function fakeSockets() {
  const opened: FakeSocket[] = [];
  const factory: SocketFactory = (options) => {
    const socket = new FakeSocket(options);
    opened.push(socket);
    return socket;
  };
  return {
    factory,
    opened,
    /** The socket opened last. */
    latest(): FakeSocket {
      const socket = opened.at(-1);
      if (!socket) throw new Error('no socket was opened');
      return socket;
    },
  };
}

export type FakeSockets = ReturnType<typeof fakeSockets>;
