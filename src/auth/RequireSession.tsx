import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from './useSession';

/**
 * Route guard of the authenticated layouts: without a session the location is
 * replaced by /login, remembering where the user was going so that react-admin's
 * useLogin brings them back.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (!session) {
    return (
      <Navigate
        to="/login"
        replace
        state={{ nextPathname: location.pathname, nextSearch: location.search }}
      />
    );
  }
  return children;
}
