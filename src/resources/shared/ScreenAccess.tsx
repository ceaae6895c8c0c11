import { Suspense, type ReactNode } from 'react';
import { AccessDenied, useResourceContext } from 'react-admin';
import { useMayOpen } from '../../auth/useMayOpen';
import { LoadingScreen } from '../../layout/LoadingScreen';

export type ScreenAction = 'list' | 'show' | 'edit' | 'create';

/**
 * Mounts a resource screen only once the role may open it, else says access is denied.
 * (react-admin's controllers would fetch anyway while redirecting, so a forbidden list would also
 * open the error dialog.) Decided during the render (useMayOpen): react-admin's CanAccess draws a
 * loading state first, one render more between a click and the screen.
 *
 * A screen whose code is still loading shows the loading state in its place: without a boundary of
 * its own, the navigation (a transition) would keep the previous screen on display, and clickable,
 * under the new address until the code came.
 */
export function ScreenAccess({ action, children }: { action: ScreenAction; children: ReactNode }) {
  const allowed = useMayOpen(useResourceContext(), action);
  if (!allowed) return <AccessDenied />;
  return <Suspense fallback={<LoadingScreen />}>{children}</Suspense>;
}
