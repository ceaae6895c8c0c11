import { EditorForm } from '../../kit/EditorForm';
import { Alert } from '@mui/material';
import { Create, TextInput, useNotify, useRedirect, useResourceContext, useTranslate } from 'react-admin';
import { yupResolver } from '../../forms/yupResolver';
import { PhotoInput } from '../shared/PhotoInput';
import { redirectToShowPage } from '../shared/recordPaths';
import { RoleInput } from './RoleInput';
import { FieldRow } from '../../kit/DetailBlocks';
import { FirstNameInput, LastNameInput, PhoneInput, SexInput } from './StaffFormFields';
import { staffCreateSchema } from './staffValidation';
import type { Staff } from './types';

const resolver = yupResolver(staffCreateSchema);

/**
 * /staff-management/create: name, email, phone, sex, role and photo. The
 * server mails the new staff member a verification code; they finish at
 * /verify-email?email=…&setPassword=true and /password-entry, choosing their
 * own password.
 */
export default function StaffCreate() {
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const resource = useResourceContext();
  return (
    <Create<Staff>
      mutationOptions={{
        // Replaces react-admin's "created" toast: say where the invitation went.
        onSuccess: (staff: Staff) => {
          notify('app.access.staff.invited', { type: 'success', messageArgs: { email: staff.email } });
          redirect(redirectToShowPage, resource, staff.id, staff);
        },
      }}
    >
      <EditorForm
        resolver={resolver}
        reValidateMode="onChange"
        noValidate
        defaultValues={{ photo: null, phone: null, sex: null }}
      >
        <Alert severity="info" sx={{ mb: 2, width: '100%', maxWidth: 720, boxSizing: 'border-box' }}>
          {translate('app.access.staff.invitationHint')}
        </Alert>
        <PhotoInput source="photo" />
        <FieldRow>
          <FirstNameInput />
          <LastNameInput />
        </FieldRow>
        <FieldRow>
          <TextInput source="email" type="email" isRequired autoComplete="off" />
          <PhoneInput />
        </FieldRow>
        <FieldRow>
          <RoleInput isRequired />
          <SexInput />
        </FieldRow>
      </EditorForm>
    </Create>
  );
}
