/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Product title shown in the top bar and on the auth screens. */
  readonly VITE_APP_TITLE?: string;
  /** Base of the user service (auth, staffs, roles, permissions, drivers, passengers, files). */
  readonly VITE_USER_API_URL?: string;
  /** Base of the trip service (vehicle types, prices, trips, gateways, discounts, issues, SOS, reports). */
  readonly VITE_TRIP_API_URL?: string;
  /** Origin of the realtime (Socket.IO) server; the panel's own origin when unset. */
  readonly VITE_SOCKET_URL?: string;
  /** MapLibre style JSON URL; a public keyless style when unset. */
  readonly VITE_MAP_STYLE_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
