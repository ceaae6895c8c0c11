import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { useAuthProvider } from 'react-admin';
import { useSession } from '../auth/useSession';
import { isAuthExpiry } from '../http/httpFailure';
import { getSession } from '../session';
import { SUBSCRIBED } from '../domain/realtimeEvents';
import { openBrowserSocket } from './browserSocket';
import type { RealtimeSocket, SocketFactory, SocketListener } from './socket';

/** How the socket is opened; tests provide a fake factory here. */
export const SocketFactoryContext = createContext<SocketFactory>(openBrowserSocket);

/** The one socket of the signed-in staff member: unset until it is opened. */
const SocketContext = createContext<RealtimeSocket | undefined>(undefined);

/** Whether the server has put the socket in its rooms (its `subscribed` event) and it has not dropped since. */
const LiveContext = createContext(false);

/** After the server dropped the socket, wait this long before connecting again. */
export const SERVER_DROP_RECONNECT_DELAY_MS = 1_000;

const socketErrorMessage = (error: unknown) =>
  typeof error === 'object' && error !== null && typeof (error as { message?: unknown }).message === 'string'
    ? (error as { message: string }).message
    : undefined;

/**
 * Opens one socket once a staff member is signed in (with the current token
 * and their id), keeps it in client state, and closes it when the session is
 * cleared or the layout goes away. socket.io-client reconnects by itself
 * after a network drop; when the server itself drops the socket (session
 * ended or expired), it is connected again once, so that a refused token
 * (connect_error `UnAuthenticated` or `Login Timeout`) ends the session like
 * an HTTP 401 does: session cleared, cached data dropped, back to /login.
 */
export function RealtimeProvider({ children }: { children: ReactNode }) {
  const openSocket = useContext(SocketFactoryContext);
  const staffId = useSession()?.userInfo.id;
  // The Admin's auth provider from context (not src/providers.ts: that import closed a circle through the dashboard).
  const authProvider = useAuthProvider();
  const checkError = useRef(authProvider?.checkError);
  checkError.current = authProvider?.checkError;
  const [opened, setOpened] = useState<{ staffId: number; socket: RealtimeSocket }>();
  const socket = opened !== undefined && opened.staffId === staffId ? opened.socket : undefined;
  const [subscribed, setSubscribed] = useState(false);

  useEffect(() => {
    if (staffId === undefined) return;
    let closed = false;
    let current: RealtimeSocket | undefined;
    let reconnectTimer: ReturnType<typeof setTimeout> | undefined;

    const onConnectError: SocketListener = (error: unknown) => {
      const message = socketErrorMessage(error);
      if (isAuthExpiry({ message })) {
        // Rejects by design (the session is over); the route guard returns to /login.
        checkError.current?.({ message }).catch(() => undefined);
      }
    };
    const onSubscribed: SocketListener = () => setSubscribed(true);
    const onDisconnect: SocketListener = (reason: unknown) => {
      setSubscribed(false);
      if (reason !== 'io server disconnect') return;
      clearTimeout(reconnectTimer);
      reconnectTimer = setTimeout(() => {
        if (!closed && getSession() !== null) current?.connect();
      }, SERVER_DROP_RECONNECT_DELAY_MS);
    };

    Promise.resolve()
      .then(() => openSocket({ staffId, token: () => getSession()?.accessToken }))
      .then((created) => {
        if (closed) {
          created.disconnect();
          return;
        }
        current = created;
        // Listened to before anything renders with the socket: the server may send it at once.
        created.on(SUBSCRIBED, onSubscribed);
        created.on('connect_error', onConnectError);
        created.on('disconnect', onDisconnect);
        setOpened({ staffId, socket: created });
      })
      .catch((error: unknown) => console.error('[realtime] the socket could not be opened', error));

    return () => {
      closed = true;
      clearTimeout(reconnectTimer);
      if (current) {
        current.off(SUBSCRIBED, onSubscribed);
        current.off('connect_error', onConnectError);
        current.off('disconnect', onDisconnect);
        current.disconnect();
      }
      setOpened(undefined);
      setSubscribed(false);
    };
  }, [openSocket, staffId]);

  return (
    <SocketContext.Provider value={socket}>
      <LiveContext.Provider value={socket !== undefined && subscribed}>{children}</LiveContext.Provider>
    </SocketContext.Provider>
  );
}

/** Whether every event for the signed-in staff member reaches the panel now (see LiveContext). */
export function useRealtimeLive(): boolean {
  return useContext(LiveContext);
}

/** The signed-in staff member's socket, or undefined while it is not open. */
export function useRealtimeSocket(): RealtimeSocket | undefined {
  return useContext(SocketContext);
}

/** Listens to a socket event while the component is mounted (the latest handler is called). */
export function useSocketEvent<T>(event: string, handler: (payload: T) => void): void {
  const socket = useRealtimeSocket();
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    if (!socket) return;
    const listener: SocketListener = (payload: T) => latest.current(payload);
    socket.on(event, listener);
    return () => {
      socket.off(event, listener);
    };
  }, [socket, event]);
}
