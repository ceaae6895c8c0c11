import { SelectInput, TextInput, useRecordContext } from 'react-admin';
import { useSession } from '../../auth/useSession';
import { yupResolver } from '../../forms/yupResolver';
import { PhotoInput } from '../shared/PhotoInput';
import { RecordEditForm } from '../shared/RecordEditForm';
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
    <RecordEditForm resolver={resolver}>
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
    </RecordEditForm>
  );
}
