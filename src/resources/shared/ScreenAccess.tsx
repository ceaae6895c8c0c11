import type { ReactNode } from 'react';
import { AccessDenied, useAuthProvider, useResourceContext } from 'react-admin';
import { useSession } from '../../auth/useSession';
import type { PanelAuthProvider } from '../../authProvider';

export type ScreenAction = 'list' | 'show' | 'edit' | 'create';

/**
 * Mounts a resource screen only once the role may open it, else says access is denied.
 * (react-admin's controllers would fetch anyway while redirecting, so a forbidden list would also
 * open the error dialog.) Decided during the render, from the session's permissions in memory:
 * react-admin's CanAccess asks the async canAccess and draws a loading state first, one render
 * more between a click and the screen.
 */
export function ScreenAccess({ action, children }: { action: ScreenAction; children: ReactNode }) {
  const resource = useResourceContext();
  const authProvider = useAuthProvider<PanelAuthProvider>();
  // Re-decided when the session changes (a refreshed role, a sign-out).
  useSession();
  const allowed = resource !== undefined && authProvider?.mayOpen({ resource, action }) === true;
  return allowed ? children : <AccessDenied />;
}
