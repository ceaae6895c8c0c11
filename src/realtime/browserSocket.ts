import { config } from '../config';
import type { RealtimeSocket, SocketFactory } from './socket';

/**
 * The real socket: Socket.IO at /socket.io on the configured origin (the
 * panel's own by default). socket.io-client is loaded only once someone is
 * signed in, so the login page does not download it. The token is read at
 * every (re)connection, so a reconnection after a drop sends the current one.
 */
export const openBrowserSocket: SocketFactory = async ({ staffId, token }) => {
  const { io } = await import('socket.io-client');
  const options = {
    path: '/socket.io',
    query: { staffId: String(staffId) },
    auth: (send: (data: object) => void) => send({ token: token() }),
  };
  const socket = config.socketUrl ? io(config.socketUrl, options) : io(options);
  return socket as RealtimeSocket;
};
