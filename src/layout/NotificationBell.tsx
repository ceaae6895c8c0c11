import NotificationsNoneIcon from '@mui/icons-material/NotificationsNone';
import VolumeOffIcon from '@mui/icons-material/VolumeOff';
import VolumeUpIcon from '@mui/icons-material/VolumeUp';
import { Badge, Box, Divider, IconButton, Popover, Tooltip, Typography } from '@mui/material';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useNavigate } from 'react-router';
import { notificationSubjectPath, titleCodeOf, type NewNotificationEvent } from '../domain/notifications';
import { translateMessage } from '../i18n/translateMessage';
import { useRealtimeLive, useSocketEvent } from '../realtime/RealtimeProvider';
import { NotificationList } from './notifications/NotificationList';
import { NotificationToasts, useToastStack } from './notifications/NotificationToasts';
import {
  isSosSoundMuted,
  playSosSound,
  setSosSoundMuted,
  unlockSosSoundOnInteraction,
  useSosSoundMuted,
} from './notifications/sosSound';
import { useMarkAllAsSeen, useNotifications, useRefreshNotifications } from './notifications/useNotifications';

/** The badge shows up to this number, then "99+"; the button's name always has the exact count. */
const BADGE_MAX = 99;

/**
 * The top bar's bell: the unseen count as a badge, and a list of the
 * notifications that opens on click (marking them all as seen when some are
 * unseen). A 'newNotification' from the socket refetches the list and the
 * count and shows a toast: red for an SOS (with an alert sound, unless muted
 * from the list's header), green otherwise.
 */
export default function NotificationBell() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const popoverId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const {
    notifications,
    unseenCount,
    isPending,
    isError,
    isFetchNextPageError,
    hasNextPage,
    isFetchingNextPage,
    fetchNextPage,
    refetch,
  } = useNotifications();
  const markAllAsSeen = useMarkAllAsSeen();
  const refresh = useRefreshNotifications();
  const { toasts, show, close } = useToastStack();
  const muted = useSosSoundMuted();

  useEffect(() => unlockSosSoundOnInteraction(), []);

  // Failures show in the list.
  const loadNextPage = useCallback(() => void fetchNextPage().catch(() => undefined), [fetchNextPage]);
  const retry = useCallback(() => void refetch().catch(() => undefined), [refetch]);

  // What arrived while the socket was down is fetched once it is back.
  const dropped = useRef(false);
  useSocketEvent('disconnect', () => {
    dropped.current = true;
  });
  useSocketEvent('connect', () => {
    if (!dropped.current) return;
    dropped.current = false;
    refresh().catch(() => undefined);
  });

  useSocketEvent<NewNotificationEvent>('newNotification', (event) => {
    refresh().catch(() => undefined);
    const sos = event.type === 'sos';
    show({
      message: translateMessage(event.title, titleCodeOf(event)),
      severity: sos ? 'error' : 'success',
      path: notificationSubjectPath(event),
    });
    if (sos && !isSosSoundMuted()) playSosSound();
  });

  const live = useRealtimeLive();
  const isOpen = anchor !== null;
  const bellName =
    unseenCount > 0
      ? translate('app.notifications.bellUnseen', { count: unseenCount })
      : translate('app.notifications.bell');
  const muteName = translate(muted ? 'app.notifications.unmuteSos' : 'app.notifications.muteSos');

  return (
    <>
      <Tooltip title={translate('app.notifications.title')}>
        <IconButton
          data-testid="notification-bell"
          data-count={unseenCount}
          // Whether new notifications reach this page now (the server's `subscribed`): the browser tests wait on it.
          data-live={live}
          aria-label={bellName}
          aria-haspopup="dialog"
          aria-controls={isOpen ? popoverId : undefined}
          aria-expanded={isOpen ? true : undefined}
          onClick={(event) => {
            setAnchor(event.currentTarget);
            if (unseenCount > 0 && !markAllAsSeen.isPending) markAllAsSeen.mutate();
          }}
          sx={{ color: 'text.secondary' }}
        >
          {/* The count is in the button's name; the badge only shows it, and a hidden 0 is not there at all. */}
          <Badge
            badgeContent={unseenCount}
            max={BADGE_MAX}
            color="error"
            overlap="circular"
            slotProps={{ badge: { 'aria-hidden': true } }}
            sx={{ '& .MuiBadge-invisible': { display: 'none' } }}
          >
            <NotificationsNoneIcon />
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        id={popoverId}
        open={isOpen}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: {
            role: 'dialog',
            'aria-label': translate('app.notifications.title'),
            sx: { width: { xs: 'calc(100vw - 16px)', sm: 380 }, mt: 1 },
          },
        }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1 }}>
          <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700, flexGrow: 1 }}>
            {translate('app.notifications.title')}
          </Typography>
          <Tooltip title={muteName}>
            <IconButton
              size="small"
              aria-label={muteName}
              data-testid="sos-sound-toggle"
              onClick={() => setSosSoundMuted(!muted)}
            >
              {muted ? <VolumeOffIcon fontSize="small" /> : <VolumeUpIcon fontSize="small" />}
            </IconButton>
          </Tooltip>
        </Box>
        <Divider />
        <NotificationList
          notifications={notifications}
          isPending={isPending}
          isError={isError}
          isFetchNextPageError={isFetchNextPageError}
          hasNextPage={hasNextPage}
          isFetchingNextPage={isFetchingNextPage}
          fetchNextPage={loadNextPage}
          retry={retry}
          onOpen={(_notification, path) => {
            setAnchor(null);
            void navigate(path);
          }}
        />
      </Popover>
      <NotificationToasts toasts={toasts} onClose={close} onOpen={navigate} />
    </>
  );
}
