import PaymentIcon from '@mui/icons-material/Payment';
import { lazy } from 'react';
import { paymentGateways as paymentGatewaysManifest } from '../../domain/resources';
import { definePanelOverrides } from '../panelResource';

/** Payment gateways: configured or not, mode and switch; secrets write-only. */
export const paymentGateways = definePanelOverrides(paymentGatewaysManifest, {
  list: lazy(() => import('./GatewayList')),
  show: lazy(() => import('./GatewayShow')),
  edit: lazy(() => import('./GatewayEdit')),
  // The providers come with the platform (the API can still add one).
  create: false,
  icon: PaymentIcon,
});
