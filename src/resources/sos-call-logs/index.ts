import SosIcon from '@mui/icons-material/Sos';
import { lazy } from 'react';
import { sosCallLogs as sosCallLogsManifest } from '../../domain/resources';
import { definePanelOverrides } from '../panelResource';

/** SOS alarms: the live board and an alarm's page with its map, phones, contacts, timeline and actions. */
export const sosCallLogs = definePanelOverrides(sosCallLogsManifest, {
  list: lazy(() => import('./SosCallLogList')),
  show: lazy(() => import('./SosCallLogShow')),
  icon: SosIcon,
});
