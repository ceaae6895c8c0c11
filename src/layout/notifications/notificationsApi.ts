import { config } from '../../config';
import { NOTIFICATION_PAGE_SIZE, type NotificationPage } from '../../domain/notifications';
import { isAuthExpiry } from '../../http/httpFailure';
import { requestJson } from '../../http/request';
import { authProvider } from '../../providers';

/**
 * The bell shows its own loading and error states, so its calls are silent
 * (no error dialog); an expired session still ends like anywhere else.
 */
async function endSessionOnExpiry<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (isAuthExpiry(error)) await authProvider.checkError(error).catch(() => undefined);
    throw error;
  }
}

/** GET notifications?page={n}&perPage=10: newest first, with the unseen count. */
export async function fetchNotificationPage(page: number, signal?: AbortSignal): Promise<NotificationPage> {
  const query = new URLSearchParams({ page: String(page), perPage: String(NOTIFICATION_PAGE_SIZE) });
  const { json } = await endSessionOnExpiry(
    requestJson<NotificationPage>(`${config.userApiUrl}/notifications?${query}`, { silent: true, signal }),
  );
  if (!isNotificationPage(json)) throw new Error('The notifications answer is not a page of notifications');
  return json;
}

function isNotificationPage(value: unknown): value is NotificationPage {
  const page = value as Partial<NotificationPage> | null;
  return (
    typeof page === 'object' &&
    page !== null &&
    Array.isArray(page.data?.notifications) &&
    typeof page.data.unseenCount === 'number' &&
    typeof page.meta?.page === 'number' &&
    typeof page.meta.totalPages === 'number'
  );
}

/** PUT notifications/markAllAsSeen {markAllAsSeen: true}. */
export async function markAllNotificationsAsSeen(): Promise<void> {
  await endSessionOnExpiry(
    requestJson(`${config.userApiUrl}/notifications/markAllAsSeen`, {
      method: 'PUT',
      json: { markAllAsSeen: true },
      silent: true,
    }),
  );
}
