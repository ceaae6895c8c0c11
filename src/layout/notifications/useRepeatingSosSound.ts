import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { usePanelDataProvider } from '../../dataProviders/useAction';
import { isSosSoundMuted, playSosSound } from './sosSound';
import { QUERIES } from '../../dataProviders/calls';

/** GET /api/trip/sos/settings (the server's SOS_SOUND_REPEAT_SECONDS and escalation). */
export interface SosSettings {
  soundRepeatSeconds: number;
  escalateMinutes: number;
  escalationRole: string;
}

export const SOS_SETTINGS_KEY = ['sos', 'settings'] as const;

/**
 * While `unacknowledged` holds (an alarm is still new), plays the SOS sound again every
 * `soundRepeatSeconds` (the server's setting; 0 or unknown: only the sound of the notification),
 * unless the staff member muted it. A page opened while an alarm waits starts repeating too.
 */
export function useRepeatingSosSound(unacknowledged: boolean): void {
  const dataProvider = usePanelDataProvider();
  const { data } = useQuery({
    queryKey: SOS_SETTINGS_KEY,
    queryFn: ({ signal }) => dataProvider.query(QUERIES.sos.settings, {}, { silent: true, signal }).then((r) => r.data),
    staleTime: Infinity,
  });
  const seconds = data?.soundRepeatSeconds ?? 0;
  useEffect(() => {
    if (!unacknowledged || seconds <= 0) return;
    const timer = setInterval(() => {
      if (!isSosSoundMuted()) playSosSound();
    }, seconds * 1000);
    return () => clearInterval(timer);
  }, [unacknowledged, seconds]);
}
