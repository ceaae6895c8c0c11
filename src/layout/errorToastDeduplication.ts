import type { NotificationPayload } from 'ra-core';
import { wasRecentlyReported } from '../http/failureReports';

/** An error toast repeating a failure that the error dialog already shows. */
export const duplicatesErrorDialog = (notification: NotificationPayload, now = Date.now()): boolean =>
  notification.type === 'error' &&
  typeof notification.message === 'string' &&
  wasRecentlyReported(notification.message, now);
