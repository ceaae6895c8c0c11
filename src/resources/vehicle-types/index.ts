import LocalTaxiIcon from '@mui/icons-material/LocalTaxi';
import { lazy } from 'react';
import { vehicleTypes as vehicleTypesManifest } from '../../domain/resources';
import { definePanelOverrides } from '../panelResource';

/** Vehicle types offered to passengers: list, detail with sample fares, and forms with a live fare preview. */
export const vehicleTypes = definePanelOverrides(vehicleTypesManifest, {
  list: lazy(() => import('./VehicleTypeList')),
  show: lazy(() => import('./VehicleTypeShow')),
  create: lazy(() => import('./VehicleTypeCreate')),
  edit: lazy(() => import('./VehicleTypeEdit')),
  icon: LocalTaxiIcon,
});
