import PaymentsIcon from '@mui/icons-material/Payments';
import { lazy } from 'react';
import { payoutBatches as payoutBatchesManifest } from '../../domain/resources';
import { definePanelResource } from '../panelResource';

/** Driver payouts by week: prepare, approve (four eyes), export the M-Pesa file, mark paid. */
export const payoutBatches = definePanelResource(payoutBatchesManifest, {
  list: lazy(() => import('./PayoutBatchList')),
  show: lazy(() => import('./PayoutBatchShow')),
  icon: PaymentsIcon,
});
