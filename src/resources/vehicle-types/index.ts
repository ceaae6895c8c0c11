import LocalTaxiIcon from '@mui/icons-material/LocalTaxi';
import { GuessedList, GuessedShow } from '../shared/lazyGuessers';
import { vehicleTypes as vehicleTypesManifest } from '../../domain/resources';
import { definePanelResource } from '../panelResource';

/** Vehicle types offered to passengers. */
export const vehicleTypes = definePanelResource(vehicleTypesManifest, {
  list: GuessedList,
  show: GuessedShow,
  icon: LocalTaxiIcon,
});
