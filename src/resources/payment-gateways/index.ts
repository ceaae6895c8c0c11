import PaymentIcon from '@mui/icons-material/Payment';
import { lazy } from 'react';
import { paymentGateways as paymentGatewaysManifest } from '../../domain/resources';
import { definePanelResource } from '../panelResource';

/** Payment gateways: configured or not, mode and switch; secrets write-only. */
export const paymentGateways = definePanelResource(paymentGatewaysManifest, {
  list: lazy(() => import('./GatewayList')),
  show: lazy(() => import('./GatewayShow')),
  edit: lazy(() => import('./GatewayEdit')),
  icon: PaymentIcon,
});
