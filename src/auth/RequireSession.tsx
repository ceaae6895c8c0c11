import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { refreshSessionProfileOnce } from './sessionProfile';
import { useSession } from './useSession';

/**
 * Route guard of the authenticated layouts: without a session the location is
 * replaced by /login, remembering where the user was going so that react-admin's
 * useLogin brings them back. With one, the profile is read again once per page
 * load, so that a change to the role's permissions reaches the menu.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  const token = session?.accessToken;
  useEffect(() => {
    if (token) refreshSessionProfileOnce();
  }, [token]);
  if (!session) {
    return <Navigate to="/login" replace state={{ nextPathname: location.pathname, nextSearch: location.search }} />;
  }
  return children;
}
