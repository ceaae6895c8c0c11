import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import { lazy } from 'react';
import { discounts as discountsManifest } from '../../domain/resources';
import { definePanelOverrides } from '../panelResource';

/** Discount codes: list by state, detail with usage and the trips that used it, forms with a preview. */
export const discounts = definePanelOverrides(discountsManifest, {
  list: lazy(() => import('./DiscountList')),
  show: lazy(() => import('./DiscountShow')),
  create: lazy(() => import('./DiscountCreate')),
  edit: lazy(() => import('./DiscountEdit')),
  icon: LocalOfferIcon,
});
