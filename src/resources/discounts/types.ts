import type { RaRecord } from 'ra-core';
import type { DiscountState } from '../../domain/discounts';
import type { ManifestRecord, discounts } from '../../domain/resources';

/** A discount as the trip service lists it: the manifest's fields and its computed state and total. */
export interface Discount extends RaRecord<number>, ManifestRecord<typeof discounts> {
  id: number;
  state: DiscountState;
  discountedTotal: number;
}
