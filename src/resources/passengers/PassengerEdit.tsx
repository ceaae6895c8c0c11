import { yupResolver } from '../../forms/yupResolver';
import { RecordEditForm } from '../shared/RecordEditForm';
import { PassengerFormFields } from './PassengerFormFields';
import { passengerEditSchema } from './passengerValidation';

const resolver = yupResolver(passengerEditSchema);

/**
 * /passenger-management/passengers/:id/edit: contact details. The status is
 * not here: Block and Unblock on the passenger's page take a reason.
 */
export default function PassengerEdit() {
  return (
    <RecordEditForm resolver={resolver}>
      <PassengerFormFields />
    </RecordEditForm>
  );
}
