import { Edit } from 'react-admin';
import { EditFormActions } from '../shared/RecordButtons';
import { redirectToShowPage } from '../shared/recordPaths';
import { DiscountForm } from './DiscountForm';
import type { Discount } from './types';

/** /discounts/:id/edit */
export default function DiscountEdit() {
  return (
    <Edit<Discount> mutationMode="pessimistic" redirect={redirectToShowPage} actions={<EditFormActions />}>
      <DiscountForm />
    </Edit>
  );
}
