/**
 * The panel's view of the realtime socket: just what it uses of a
 * socket.io-client Socket, so that tests can hand in a fake one (the socket is
 * a network boundary, like fetch).
 */
// Listeners of different events take different arguments.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type SocketListener = (...args: any[]) => void;

export interface RealtimeSocket {
  on(event: string, listener: SocketListener): unknown;
  off(event: string, listener: SocketListener): unknown;
  /** Sends an event to the server (e.g. the dispatcher's `dispatcher:watch`). */
  emit(event: string, ...args: unknown[]): unknown;
  /** Connects again (after the server dropped the connection). */
  connect(): unknown;
  /** Closes the connection for good. */
  disconnect(): unknown;
}

export interface SocketOptions {
  /** Sent as the query `staffId`; the server checks it against the token. */
  staffId: number | string;
  /** The access token to send at each (re)connection: the session's at that moment. */
  token: () => string | undefined;
}

/** Opens a socket (the browser one loads socket.io-client on demand). */
export type SocketFactory = (options: SocketOptions) => RealtimeSocket | Promise<RealtimeSocket>;
