import type { ReactNode } from 'react';
import { AccessDenied, CanAccess } from 'react-admin';
import { LoadingScreen } from '../../layout/LoadingScreen';

export type ScreenAction = 'list' | 'show' | 'edit' | 'create';

/**
 * Mounts a resource screen only once the role may open it, else says access
 * is denied. (react-admin's controllers would fetch anyway while redirecting,
 * so a forbidden list would also open the error dialog.)
 */
export function ScreenAccess({ action, children }: { action: ScreenAction; children: ReactNode }) {
  return (
    <CanAccess action={action} loading={<LoadingScreen />} accessDenied={<AccessDenied />}>
      {children}
    </CanAccess>
  );
}
