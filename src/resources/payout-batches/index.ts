import PaymentsIcon from '@mui/icons-material/Payments';
import { lazy } from 'react';
import { payoutBatches as payoutBatchesManifest } from '../../domain/resources';
import { definePanelOverrides } from '../panelResource';

/** Driver payouts by week: prepare, approve (four eyes), export the M-Pesa file, mark paid. */
export const payoutBatches = definePanelOverrides(payoutBatchesManifest, {
  list: lazy(() => import('./PayoutBatchList')),
  show: lazy(() => import('./PayoutBatchShow')),
  icon: PaymentsIcon,
});
