import { EditorForm } from '../../kit/EditorForm';
import { Edit, SaveButton, Toolbar, type RaRecord } from 'react-admin';
import { refreshSessionProfile } from '../../auth/sessionProfile';
import { useSession } from '../../auth/useSession';
import { yupResolver } from '../../forms/yupResolver';
import { EditFormActions } from '../shared/RecordButtons';
import { redirectToShowPage } from '../shared/recordPaths';
import { RoleDeleteButton } from './RoleDeleteButton';
import { RoleFormFields } from './RoleFormFields';
import { roleSchema } from './roleValidation';

const resolver = yupResolver(roleSchema);

function RoleEditToolbar() {
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      <RoleDeleteButton />
    </Toolbar>
  );
}

/**
 * /staff-management/roles/:id/edit. Holders get the new permissions on their
 * next request (the server), and in their menu after a reload; the editor's
 * own menu follows at once when it is their role.
 */
export default function RoleEdit() {
  const ownRoleId = useSession()?.userInfo.role.id;
  return (
    <Edit
      mutationMode="pessimistic"
      redirect={redirectToShowPage}
      actions={<EditFormActions />}
      mutationOptions={{
        onSettled: (role?: RaRecord) => {
          if (role && role.id === ownRoleId) void refreshSessionProfile();
        },
      }}
    >
      <EditorForm resolver={resolver} reValidateMode="onChange" noValidate toolbar={<RoleEditToolbar />}>
        <RoleFormFields />
      </EditorForm>
    </Edit>
  );
}
