import { Create } from 'react-admin';
import { redirectToShowPage } from '../shared/recordPaths';
import { DiscountForm } from './DiscountForm';
import type { Discount } from './types';

/** /discounts/create: a new code, with what it takes off the sample trips. */
export default function DiscountCreate() {
  return (
    <Create<Discount> redirect={redirectToShowPage}>
      <DiscountForm
        defaultValues={{
          kind: 'percent',
          maxDiscount: null,
          minFare: null,
          validFrom: null,
          validTo: null,
          usageLimit: null,
          perPassengerLimit: 1,
          active: true,
        }}
      />
    </Create>
  );
}
