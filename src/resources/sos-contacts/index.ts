import ContactEmergencyIcon from '@mui/icons-material/ContactEmergency';
import { GuessedList, GuessedShow } from '../shared/lazyGuessers';
import { sosContacts as sosContactsManifest } from '../../domain/resources';
import { definePanelResource } from '../panelResource';

/** Emergency (SOS) contacts. */
export const sosContacts = definePanelResource(sosContactsManifest, {
  list: GuessedList,
  show: GuessedShow,
  icon: ContactEmergencyIcon,
});
