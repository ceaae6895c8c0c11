/**
 * The dashboard's lazy chunk. The login page starts loading it while the staff member types, so
 * that after signing in the cards wait only for their one request, not for a chain of chunks.
 */
export const loadDashboard = () => import('./Dashboard');
