import PentagonOutlinedIcon from '@mui/icons-material/PentagonOutlined';
import { lazy } from 'react';
import { zones as zonesManifest } from '../../domain/resources';
import { definePanelOverrides } from '../panelResource';

/** Service zones (issue 32): polygons drawn on the map; where trips may go, pickup rules and surge. */
export const zones = definePanelOverrides(zonesManifest, {
  list: lazy(() => import('./ZoneList')),
  create: lazy(() => import('./ZoneCreate')),
  edit: lazy(() => import('./ZoneEdit')),
  // A zone is its polygon: a row opens the editor with its map.
  show: false,
  icon: PentagonOutlinedIcon,
});
