import PeopleIcon from '@mui/icons-material/People';
import { GuessedList, GuessedShow } from '../shared/lazyGuessers';
import { passengers as passengersManifest } from '../../domain/resources';
import { definePanelResource } from '../panelResource';

/** Passengers of the ride app. */
export const passengers = definePanelResource(passengersManifest, {
  list: GuessedList,
  show: GuessedShow,
  icon: PeopleIcon,
});
