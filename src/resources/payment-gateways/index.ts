import PaymentIcon from '@mui/icons-material/Payment';
import { GuessedList, GuessedShow } from '../shared/lazyGuessers';
import { paymentGateways as paymentGatewaysManifest } from '../../domain/resources';
import { definePanelResource } from '../panelResource';

/** Payment gateways. */
export const paymentGateways = definePanelResource(paymentGatewaysManifest, {
  list: GuessedList,
  show: GuessedShow,
  icon: PaymentIcon,
});
