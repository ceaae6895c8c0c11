import { EditorForm } from '../../kit/EditorForm';
import { Alert } from '@mui/material';
import { Create, useTranslate } from 'react-admin';
import { yupResolver } from '../../forms/yupResolver';
import { redirectToShowPage } from '../shared/recordPaths';
import { PassengerFormFields } from './PassengerFormFields';
import { passengerCreateSchema } from './passengerValidation';
import type { Passenger } from './types';

const resolver = yupResolver(passengerCreateSchema);

/** /passenger-management/passengers/create: a phone-in passenger, for the dispatcher to book. */
export default function PassengerCreate() {
  const translate = useTranslate();
  return (
    <Create<Passenger> redirect={redirectToShowPage}>
      <EditorForm resolver={resolver} reValidateMode="onChange" noValidate defaultValues={{ email: null, sex: null }}>
        <Alert severity="info" sx={{ mb: 2, width: '100%', maxWidth: 720, boxSizing: 'border-box' }}>
          {translate('app.passengers.phoneInHint')}
        </Alert>
        <PassengerFormFields />
      </EditorForm>
    </Create>
  );
}
