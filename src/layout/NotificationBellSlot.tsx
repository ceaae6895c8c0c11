import { lazy, Suspense } from 'react';

/** The bell, its list and its toasts load apart from the login page's code. */
const NotificationBell = lazy(() => import('./NotificationBell'));

/** Where the notification bell goes in the top bar (src/layout/NotificationBell.tsx). */
export function NotificationBellSlot() {
  return (
    <Suspense fallback={null}>
      <NotificationBell />
    </Suspense>
  );
}
