import type { ReactNode } from 'react';
import { AccessDenied, useResourceContext } from 'react-admin';
import { useMayOpen } from '../../auth/useMayOpen';

export type ScreenAction = 'list' | 'show' | 'edit' | 'create';

/**
 * Mounts a resource screen only once the role may open it, else says access is denied.
 * (react-admin's controllers would fetch anyway while redirecting, so a forbidden list would also
 * open the error dialog.) Decided during the render (useMayOpen): react-admin's CanAccess draws a
 * loading state first, one render more between a click and the screen.
 */
export function ScreenAccess({ action, children }: { action: ScreenAction; children: ReactNode }) {
  const allowed = useMayOpen(useResourceContext(), action);
  return allowed ? children : <AccessDenied />;
}
