import PriceChangeIcon from '@mui/icons-material/PriceChange';
import { lazy } from 'react';
import { priceSettings as priceSettingsManifest } from '../../domain/resources';
import { definePanelOverrides } from '../panelResource';

/** The whole pricing on one page: default profile, per-type differences, surge week grid, fare calculator. */
export const priceSettings = definePanelOverrides(priceSettingsManifest, {
  list: lazy(() => import('./PriceSettingsPage')),
  // One page: the default profile, the per-type differences and the surge grid are edited in place.
  show: false,
  create: false,
  edit: false,
  icon: PriceChangeIcon,
});
