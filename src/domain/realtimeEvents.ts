/**
 * The event the server sends a staff socket once it is in its rooms and its session was checked again:
 * from then on every event for that staff member reaches it. The panel shows itself live on it.
 */
export const SUBSCRIBED = 'subscribed';
