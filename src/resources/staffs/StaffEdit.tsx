import { Edit, SaveButton, SelectInput, SimpleForm, TextInput, Toolbar, useRecordContext } from 'react-admin';
import { useSession } from '../../auth/useSession';
import { yupResolver } from '../../forms/yupResolver';
import { PhotoInput } from '../shared/PhotoInput';
import { EditFormActions } from '../shared/RecordButtons';
import { redirectToShowPage } from '../shared/recordPaths';
import { RoleInput } from './RoleInput';
import { enumChoices } from '../../kit/enumChoices';
import { FieldRow } from '../../kit/DetailBlocks';
import { FirstNameInput, LastNameInput, PhoneInput, SexInput } from './StaffFormFields';
import { staffEditSchema } from './staffValidation';
import type { Staff } from './types';

const resolver = yupResolver(staffEditSchema);

/** Nobody deactivates themselves: the server refuses it, so the form does not offer it. */
function StatusInput() {
  const staff = useRecordContext<Staff>();
  const ownId = useSession()?.userInfo.id;
  const self = staff !== undefined && staff.id === ownId;
  return (
    <SelectInput
      source="status"
      choices={enumChoices('staffStatus')}
      disabled={self}
      helperText={self ? 'app.access.staff.cannotDeactivateSelf' : 'app.access.staff.deactivateHint'}
    />
  );
}

/** /staff-management/staffs/:id/edit: role, status, names, phone, sex and photo (the email stays). */
export default function StaffEdit() {
  return (
    <Edit<Staff> mutationMode="pessimistic" redirect={redirectToShowPage} actions={<EditFormActions />}>
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
        <PhotoInput source="photo" />
        <FieldRow>
          <FirstNameInput />
          <LastNameInput />
        </FieldRow>
        <FieldRow>
          <TextInput source="email" disabled helperText="app.access.staff.emailFixed" />
          <PhoneInput />
        </FieldRow>
        <FieldRow>
          <RoleInput isRequired />
          <StatusInput />
        </FieldRow>
        <FieldRow>
          <SexInput />
        </FieldRow>
      </SimpleForm>
    </Edit>
  );
}
