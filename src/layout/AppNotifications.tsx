import { useEffect, useMemo } from 'react';
import { Notification, NotificationContext, useNotificationContext } from 'react-admin';
import { ErrorDialog } from './ErrorDialog';
import { duplicatesErrorDialog } from './errorToastDeduplication';

/** react-admin's toasts, minus the error toasts that would repeat the error dialog. */
function DeduplicatedNotification() {
  const context = useNotificationContext();
  const { notifications, setNotifications } = context;
  const kept = useMemo(() => {
    const now = Date.now();
    return notifications.filter((notification) => !duplicatesErrorDialog(notification, now));
  }, [notifications]);

  useEffect(() => {
    if (kept.length !== notifications.length) setNotifications(kept);
  }, [kept, notifications, setNotifications]);

  const filtered = useMemo(
    () => ({
      ...context,
      notifications: kept,
      takeNotification: () => {
        const [next, ...rest] = kept;
        if (next) setNotifications(rest);
        return next;
      },
    }),
    [context, kept, setNotifications],
  );

  return (
    <NotificationContext.Provider value={filtered}>
      <Notification />
    </NotificationContext.Provider>
  );
}

/** Everything the panel tells the user outside the page: react-admin toasts and the error dialog. */
export function AppNotifications() {
  return (
    <>
      <DeduplicatedNotification />
      <ErrorDialog />
    </>
  );
}
