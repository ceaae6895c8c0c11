import { DEFAULT_MAP_STYLE_URL } from './domain/map';

/** Build-time settings of the panel (VITE_* variables), with their defaults. */
const env = import.meta.env;

const withoutTrailingSlash = (url: string) => url.replace(/\/+$/, '');

export const config = {
  appTitle: env.VITE_APP_TITLE || 'Ride Admin',
  userApiUrl: withoutTrailingSlash(env.VITE_USER_API_URL || '/api/user'),
  tripApiUrl: withoutTrailingSlash(env.VITE_TRIP_API_URL || '/api/trip'),
  /** Origin of the Socket.IO server (path /socket.io); empty means the panel's own origin. */
  socketUrl: withoutTrailingSlash(env.VITE_SOCKET_URL || ''),
  /** MapLibre style JSON; when it cannot load (offline), maps fall back to a style built in code. */
  mapStyleUrl: env.VITE_MAP_STYLE_URL || DEFAULT_MAP_STYLE_URL,
} as const;
