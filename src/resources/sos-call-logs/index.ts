import SosIcon from '@mui/icons-material/Sos';
import { GuessedList, GuessedShow } from '../shared/lazyGuessers';
import { sosCallLogs as sosCallLogsManifest } from '../../domain/resources';
import { definePanelResource } from '../panelResource';

/** SOS calls. */
export const sosCallLogs = definePanelResource(sosCallLogsManifest, {
  list: GuessedList,
  show: GuessedShow,
  icon: SosIcon,
});
