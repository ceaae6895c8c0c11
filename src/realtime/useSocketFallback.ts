import { useEffect, useRef, useState } from 'react';
import { useRealtimeSocket } from './RealtimeProvider';

/** While the socket is down, refetch this often (as Traccar does): live screens never go stale for long. */
export const FALLBACK_REFETCH_MS = 15_000;

export type SocketState = 'connected' | 'down' | 'unknown';

/**
 * The socket's state: 'unknown' until it is open, 'down' after it dropped. While it is not
 * connected, `refetch` runs every `intervalMs`, and once more when it comes back (events sent
 * meanwhile were missed).
 */
export function useSocketFallback(refetch: () => void, intervalMs = FALLBACK_REFETCH_MS): SocketState {
  const socket = useRealtimeSocket();
  const latest = useRef(refetch);
  useEffect(() => {
    latest.current = refetch;
  });
  const [state, setState] = useState<SocketState>('unknown');
  const connected = state === 'connected';

  useEffect(() => {
    if (!socket) {
      setState('unknown');
      return;
    }
    setState((socket as { connected?: boolean }).connected === false ? 'down' : 'connected');
    let wasDown = false;
    const onConnect = () => {
      setState('connected');
      if (wasDown) latest.current();
      wasDown = false;
    };
    const onDisconnect = () => {
      wasDown = true;
      setState('down');
    };
    socket.on('connect', onConnect);
    socket.on('disconnect', onDisconnect);
    return () => {
      socket.off('connect', onConnect);
      socket.off('disconnect', onDisconnect);
    };
  }, [socket]);

  useEffect(() => {
    if (connected) return;
    const timer = setInterval(() => latest.current(), intervalMs);
    return () => clearInterval(timer);
  }, [connected, intervalMs]);

  return state;
}
