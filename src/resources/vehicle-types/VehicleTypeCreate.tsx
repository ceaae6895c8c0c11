import { Create } from 'react-admin';
import { redirectToShowPage } from '../shared/recordPaths';
import type { VehicleType } from './types';
import { VehicleTypeForm } from './VehicleTypeForm';

/** /vehicle-management/vehicles/create: a new vehicle type, active once saved, with its fares previewed. */
export default function VehicleTypeCreate() {
  return (
    <Create<VehicleType> redirect={redirectToShowPage}>
      <VehicleTypeForm
        defaultValues={{ icon: null, description: null, cancellationFee: 0, commissionPercent: null, seats: 4 }}
      />
    </Create>
  );
}
