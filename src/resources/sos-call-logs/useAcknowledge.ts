import { ACTIONS } from '../../domain/resourceActions';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify } from 'react-admin';
import { usePanelDataProvider } from '../../dataProviders/useAction';
import { sosCallLogs } from '../../domain/resources';
import { SOS_STATS_KEY } from './useSosLive';
import { refocusIfLost } from '../../layout/pageHeadingFocus';

/**
 * Acknowledges an alarm in one click (the banner's button, the alarm's page). A refusal — someone
 * else already has it — opens the error dialog with the server's message naming who.
 */
export function useAcknowledge() {
  const dataProvider = usePanelDataProvider();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [pendingId, setPendingId] = useState<number | null>(null);
  const acknowledge = async (id: number) => {
    setPendingId(id);
    try {
      const result = await dataProvider.action(ACTIONS['sos-call-logs'].acknowledge, { id });
      if (result.message) notify(result.message, { type: 'success' });
    } catch {
      // The http layer has shown the message.
    } finally {
      setPendingId(null);
      void queryClient.invalidateQueries({ queryKey: SOS_STATS_KEY });
      // The button leaves with the alarm (banner) or its status (alarm page): focus goes to the page's heading.
      await queryClient.invalidateQueries({ queryKey: [sosCallLogs.path] }).catch(() => undefined);
      requestAnimationFrame(() => refocusIfLost(document));
    }
  };
  return { acknowledge, pendingId };
}
