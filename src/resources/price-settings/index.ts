import PriceChangeIcon from '@mui/icons-material/PriceChange';
import { lazy } from 'react';
import { priceSettings as priceSettingsManifest } from '../../domain/resources';
import { definePanelResource } from '../panelResource';

/** The whole pricing on one page: default profile, per-type differences, surge week grid, fare calculator. */
export const priceSettings = definePanelResource(priceSettingsManifest, {
  list: lazy(() => import('./PriceSettingsPage')),
  icon: PriceChangeIcon,
});
