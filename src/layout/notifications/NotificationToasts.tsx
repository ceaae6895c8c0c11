import CloseIcon from '@mui/icons-material/Close';
import { Alert, Box, Button, Grow, IconButton, Portal, Stack } from '@mui/material';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import { NOTIFICATION_TOAST_MS } from '../../domain/notifications';
import { TOP_BAR_HEIGHT } from '../../theme';

export interface Toast {
  key: number;
  message: string;
  severity: 'success' | 'error';
  /** Where the toast's View button leads (the notification's subject), if anywhere. */
  path?: string;
}

/** At most this many toasts show at once; older ones wait (their time runs) until newer ones close. */
export const MAX_VISIBLE_TOASTS = 5;

let nextKey = 0;

/**
 * A stack of toasts, newest first. Each one closes by itself after 180 s
 * (NOTIFICATION_TOAST_MS) unless closed before.
 */
export function useToastStack() {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const close = useCallback((key: number) => {
    clearTimeout(timers.current.get(key));
    timers.current.delete(key);
    setToasts((shown) => shown.filter((toast) => toast.key !== key));
  }, []);

  const show = useCallback(
    (toast: Omit<Toast, 'key'>) => {
      const key = ++nextKey;
      setToasts((shown) => [{ ...toast, key }, ...shown]);
      timers.current.set(
        key,
        setTimeout(() => close(key), NOTIFICATION_TOAST_MS),
      );
    },
    [close],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    };
  }, []);

  return { toasts, show, close };
}

/**
 * The toasts, stacked at the bottom right (clear of the bell's list), newest
 * on top, above dialogs.
 */
export function NotificationToasts({
  toasts,
  onClose,
  onOpen,
}: {
  toasts: readonly Toast[];
  onClose: (key: number) => void;
  /** Opens a toast's subject (and closes the toast). */
  onOpen: (path: string) => void;
}) {
  const translate = useTranslate();
  if (toasts.length === 0) return null;
  return (
    <Portal>
      <Box
        role="region"
        aria-label={translate('app.notifications.toasts')}
        data-testid="notification-toasts"
        sx={{
          position: 'fixed',
          bottom: { xs: 8, sm: 24 },
          maxHeight: `calc(100vh - ${TOP_BAR_HEIGHT + 32}px)`,
          overflow: 'hidden',
          insetInlineEnd: { xs: 8, sm: 24 },
          insetInlineStart: { xs: 8, sm: 'auto' },
          width: { sm: 380 },
          zIndex: (theme) => theme.zIndex.snackbar,
          pointerEvents: 'none',
        }}
      >
        <Stack spacing={1}>
          {toasts.slice(0, MAX_VISIBLE_TOASTS).map((toast) => (
            <Grow in appear key={toast.key}>
              <Alert
                data-testid="notification-toast"
                data-severity={toast.severity}
                severity={toast.severity}
                variant="filled"
                elevation={6}
                action={
                  <>
                    {toast.path !== undefined && (
                      <Button
                        color="inherit"
                        size="small"
                        onClick={() => {
                          onClose(toast.key);
                          onOpen(toast.path!);
                        }}
                      >
                        {translate('app.notifications.view')}
                      </Button>
                    )}
                    <IconButton
                      color="inherit"
                      size="small"
                      aria-label={translate('app.notifications.close')}
                      onClick={() => onClose(toast.key)}
                    >
                      <CloseIcon fontSize="small" />
                    </IconButton>
                  </>
                }
                sx={{ pointerEvents: 'auto', alignItems: 'center', wordBreak: 'break-word' }}
              >
                {toast.message}
              </Alert>
            </Grow>
          ))}
        </Stack>
      </Box>
    </Portal>
  );
}
