import { useInfiniteQuery, useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useSession } from '../../auth/useSession';
import { isNotificationPage } from '../../dataProviders/customMethods';
import { usePanelDataProvider } from '../../dataProviders/useAction';
import { nextNotificationPage, type NotificationPage } from '../../domain/notifications';

/** Cache key of the signed-in staff member's notification pages. */
export const notificationsKey = (staffId: number | undefined) => ['notifications', staffId] as const;

/**
 * The notification pages (10 a page, newest first) and the unseen count,
 * which every page answer carries; the newest answer counts.
 */
export function useNotifications() {
  const staffId = useSession()?.userInfo.id;
  const dataProvider = usePanelDataProvider();
  const query = useInfiniteQuery({
    queryKey: notificationsKey(staffId),
    queryFn: async ({ pageParam, signal }) => {
      const page = await dataProvider.notificationPage(pageParam, signal);
      // After a 401 react-admin has ended the session and answers with an empty record instead.
      if (!isNotificationPage(page)) throw new Error('The session has ended');
      return page;
    },
    initialPageParam: 1,
    getNextPageParam: nextNotificationPage,
    enabled: staffId !== undefined,
    // The list shows the failure with a retry button instead.
    retry: false,
  });
  const pages = query.data?.pages ?? [];
  const notifications = pages.flatMap((page) => page.data.notifications);
  const unseenCount = pages.at(-1)?.data.unseenCount ?? 0;
  return { ...query, staffId, notifications, unseenCount };
}

/** Refetches the loaded pages (and so the count), e.g. when a new notification arrives. */
export function useRefreshNotifications() {
  const queryClient = useQueryClient();
  const staffId = useSession()?.userInfo.id;
  return useCallback(
    () => queryClient.invalidateQueries({ queryKey: notificationsKey(staffId) }),
    [queryClient, staffId],
  );
}

/**
 * PUT markAllAsSeen; on success the count drops to 0 at once. The items keep
 * their `seen` marks until the next refetch, so the list still shows which
 * ones were new when it was opened (unless a refetch had to be cancelled for
 * the call, which is then made again).
 */
export function useMarkAllAsSeen() {
  const queryClient = useQueryClient();
  const staffId = useSession()?.userInfo.id;
  const dataProvider = usePanelDataProvider();
  return useMutation({
    mutationFn: async () => {
      const key = notificationsKey(staffId);
      // An answer already on its way could bring the old count back: cancel it, and fetch again after.
      const wasFetching = queryClient.isFetching({ queryKey: key }) > 0;
      await queryClient.cancelQueries({ queryKey: key });
      await dataProvider.markAllNotificationsAsSeen();
      return { wasFetching };
    },
    onSuccess: ({ wasFetching }) => {
      const key = notificationsKey(staffId);
      queryClient.setQueryData<InfiniteData<NotificationPage, number>>(
        key,
        (data) =>
          data && {
            ...data,
            pages: data.pages.map((page) => ({ ...page, data: { ...page.data, unseenCount: 0 } })),
          },
      );
      if (wasFetching) return queryClient.invalidateQueries({ queryKey: key });
    },
    onError: () => queryClient.invalidateQueries({ queryKey: notificationsKey(staffId) }),
  });
}
