import {
  Alert,
  Box,
  Button,
  CircularProgress,
  List,
  ListItem,
  ListItemAvatar,
  ListItemButton,
  ListItemText,
  Typography,
} from '@mui/material';
import { useEffect, useRef, type ReactNode, type UIEvent } from 'react';
import { formatDateTime } from '../../kit/format';
import { useNow } from '../../kit/useNow';
import { useLocaleState, useTranslate } from 'react-admin';
import {
  formatRelativeTime,
  notificationKind,
  notificationSubjectPath,
  scrolledPastThreshold,
  titleCodeOf,
  type StaffNotification,
} from '../../domain/notifications';
import { translateMessage } from '../../i18n/translateMessage';
import { NotificationIcon } from './NotificationIcon';

/** The list's height before it scrolls. */
export const NOTIFICATION_LIST_MAX_HEIGHT = 420;

export interface NotificationListProps {
  notifications: readonly StaffNotification[];
  isPending: boolean;
  isError: boolean;
  /** An error while loading a further page (the loaded ones stay). */
  isFetchNextPageError: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => void;
  retry: () => void;
  onOpen: (notification: StaffNotification, path: string) => void;
}

function Centered({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <Box
      data-testid={testId}
      sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', gap: 1, py: 2, px: 2 }}
    >
      {children}
    </Box>
  );
}

/**
 * The notifications, newest first: icon of the type, title and how long ago.
 * Scrolling past 80 % of the list loads the next page, until the last one,
 * where 'Hay! You have seen it all' ends the list.
 */
export function NotificationList({
  notifications,
  isPending,
  isError,
  isFetchNextPageError,
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
  retry,
  onOpen,
}: NotificationListProps) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const now = useNow(30_000);
  const scroller = useRef<HTMLDivElement>(null);
  const canLoadMore = hasNextPage && !isFetchingNextPage && !isFetchNextPageError;

  const loadMoreIfScrolledFar = (element: HTMLElement) => {
    if (canLoadMore && scrolledPastThreshold(element)) fetchNextPage();
  };

  // A page that does not fill the list leaves nothing to scroll: load on until it does.
  useEffect(() => {
    const element = scroller.current;
    if (!element || !canLoadMore || element.clientHeight === 0) return;
    if (element.scrollHeight <= element.clientHeight) fetchNextPage();
  }, [canLoadMore, fetchNextPage, notifications.length]);

  if (isPending) {
    return (
      <Centered testId="notifications-loading">
        <CircularProgress size={22} aria-label={translate('app.notifications.loading')} />
        <Typography variant="body2" color="text.secondary">
          {translate('app.notifications.loading')}
        </Typography>
      </Centered>
    );
  }

  if (isError && notifications.length === 0) {
    return <LoadFailed padding={2} onRetry={retry} />;
  }

  if (notifications.length === 0) {
    return (
      <Centered testId="notifications-empty">
        <Typography variant="body2" color="text.secondary">
          {translate('app.notifications.empty')}
        </Typography>
      </Centered>
    );
  }

  return (
    <Box
      ref={scroller}
      data-testid="notification-list"
      onScroll={(event: UIEvent<HTMLDivElement>) => loadMoreIfScrolledFar(event.currentTarget)}
      sx={{ maxHeight: NOTIFICATION_LIST_MAX_HEIGHT, overflowY: 'auto', overscrollBehavior: 'contain' }}
    >
      <List disablePadding aria-label={translate('app.notifications.title')}>
        {notifications.map((notification) => {
          const path = notificationSubjectPath(notification);
          const unseen = notification.seen === false;
          const typeLabel = translate(`app.notifications.types.${notificationKind(notification.type)}`);
          // Each button in its own list item: a list holds items only (the buttons' role would leave it empty).
          return (
            <ListItem key={notification.id} disablePadding>
              <ListItemButton
                data-testid="notification-item"
                data-unseen={unseen || undefined}
                disabled={path === undefined}
                onClick={() => path !== undefined && onOpen(notification, path)}
                sx={{
                  alignItems: 'flex-start',
                  gap: 0.5,
                  py: 1.25,
                  borderBottom: 1,
                  borderColor: 'divider',
                  bgcolor: unseen ? 'rgba(234, 91, 12, 0.06)' : undefined,
                }}
              >
                <ListItemAvatar sx={{ minWidth: 48, mt: 0.25 }}>
                  <NotificationIcon type={notification.type} label={typeLabel} />
                </ListItemAvatar>
                <ListItemText
                  primary={translateMessage(notification.title, titleCodeOf(notification))}
                  secondary={
                    <time dateTime={notification.createdAt} title={formatDateTime(notification.createdAt)}>
                      {formatRelativeTime(notification.createdAt, now, locale)}
                    </time>
                  }
                  slotProps={{
                    primary: { variant: 'body2', sx: { fontWeight: unseen ? 600 : 400, lineHeight: 1.35 } },
                    secondary: { variant: 'caption', sx: { mt: 0.25, display: 'block' } },
                  }}
                />
                {unseen && (
                  <Box
                    component="span"
                    aria-label={translate('app.notifications.unseen')}
                    role="img"
                    sx={{ width: 8, height: 8, mt: 1, flexShrink: 0, borderRadius: '50%', bgcolor: 'primary.main' }}
                  />
                )}
              </ListItemButton>
            </ListItem>
          );
        })}
      </List>
      {isFetchingNextPage && (
        <Centered testId="notifications-loading-more">
          <CircularProgress size={18} aria-label={translate('app.notifications.loadingMore')} />
        </Centered>
      )}
      {isFetchNextPageError && <LoadFailed padding={1.5} onRetry={() => void fetchNextPage()} />}
      {!hasNextPage && (
        <Centered testId="notifications-end">
          <Typography variant="body2" color="text.secondary">
            {translate('app.notifications.end')}
          </Typography>
        </Centered>
      )}
    </Box>
  );
}

/** The list's load error with a Retry button, for the first page and for later ones. */
function LoadFailed({ padding, onRetry }: { padding: number; onRetry: () => void }) {
  const translate = useTranslate();
  return (
    <Box sx={{ p: padding }}>
      <Alert
        severity="error"
        data-testid="notifications-error"
        action={
          <Button color="inherit" size="small" onClick={onRetry}>
            {translate('app.notifications.retry')}
          </Button>
        }
      >
        {translate('app.notifications.loadFailed')}
      </Alert>
    </Box>
  );
}
