import StarRateIcon from '@mui/icons-material/StarRate';
import { GuessedList, GuessedShow } from '../shared/lazyGuessers';
import { reviews as reviewsManifest } from '../../domain/resources';
import { definePanelResource } from '../panelResource';

/** Reviews left after trips. */
export const reviews = definePanelResource(reviewsManifest, {
  list: GuessedList,
  show: GuessedShow,
  icon: StarRateIcon,
});
