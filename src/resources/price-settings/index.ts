import PriceChangeIcon from '@mui/icons-material/PriceChange';
import { GuessedList, GuessedShow } from '../shared/lazyGuessers';
import { priceSettings as priceSettingsManifest } from '../../domain/resources';
import { definePanelResource } from '../panelResource';

/** Fares per vehicle type. */
export const priceSettings = definePanelResource(priceSettingsManifest, {
  list: GuessedList,
  show: GuessedShow,
  icon: PriceChangeIcon,
});
