import { Edit, SaveButton, SimpleForm, Toolbar } from 'react-admin';
import { yupResolver } from '../../forms/yupResolver';
import { EditFormActions } from '../shared/RecordButtons';
import { redirectToShowPage } from '../shared/recordPaths';
import { PassengerFormFields } from './PassengerFormFields';
import { passengerEditSchema } from './passengerValidation';
import type { Passenger } from './types';

const resolver = yupResolver(passengerEditSchema);

/**
 * /passenger-management/passengers/:id/edit: contact details. The status is
 * not here: Block and Unblock on the passenger's page take a reason.
 */
export default function PassengerEdit() {
  return (
    <Edit<Passenger> mutationMode="pessimistic" redirect={redirectToShowPage} actions={<EditFormActions />}>
      <SimpleForm
        resolver={resolver}
        reValidateMode="onChange"
        noValidate
        toolbar={
          <Toolbar>
            <SaveButton />
          </Toolbar>
        }
      >
        <PassengerFormFields />
      </SimpleForm>
    </Edit>
  );
}
