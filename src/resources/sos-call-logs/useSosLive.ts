import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { NewNotificationEvent } from '../../domain/notifications';
import { sosCallLogs } from '../../domain/resources';
import { SOS_UPDATED, type SosUpdatedEvent } from '../../domain/sos';
import { useSocketEvent } from '../../realtime/RealtimeProvider';
import { useSocketFallback } from '../../realtime/useSocketFallback';

/** The query key of the board's header figures. */
export const SOS_STATS_KEY = ['sos', 'ack-stats'] as const;

/**
 * Keeps every SOS query of the page fresh: a new alarm (`newNotification` of type sos) or any change
 * (`sosUpdated`) refetches the alarms' lists, pages and the header figures at once; while the socket
 * is down, every 15 s. `onChange` hears each change (e.g. to highlight a row).
 */
export function useSosLive(onChange?: (event: SosUpdatedEvent) => void): void {
  const queryClient = useQueryClient();
  const reload = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: [sosCallLogs.path] });
    void queryClient.invalidateQueries({ queryKey: SOS_STATS_KEY });
  }, [queryClient]);
  useSocketEvent<SosUpdatedEvent>(SOS_UPDATED, (event) => {
    reload();
    onChange?.(event);
  });
  useSocketEvent<NewNotificationEvent>('newNotification', (event) => {
    if (event.type === 'sos') reload();
  });
  useSocketFallback(reload);
}
