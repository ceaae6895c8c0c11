import { Edit } from 'react-admin';
import { EditFormActions } from '../shared/RecordButtons';
import { redirectToShowPage } from '../shared/recordPaths';
import type { VehicleType } from './types';
import { VehicleTypeForm } from './VehicleTypeForm';

/** /vehicle-management/vehicles/:id/edit: details, icon and rates, with the fare preview beside them. */
export default function VehicleTypeEdit() {
  return (
    <Edit<VehicleType> mutationMode="pessimistic" redirect={redirectToShowPage} actions={<EditFormActions />}>
      <VehicleTypeForm />
    </Edit>
  );
}
