import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import { GuessedList, GuessedShow } from '../shared/lazyGuessers';
import { discounts as discountsManifest } from '../../domain/resources';
import { definePanelResource } from '../panelResource';

/** Discount codes. */
export const discounts = definePanelResource(discountsManifest, {
  list: GuessedList,
  show: GuessedShow,
  icon: LocalOfferIcon,
});
