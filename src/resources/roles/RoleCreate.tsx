import { EditorForm } from '../../kit/EditorForm';
import { Create } from 'react-admin';
import { yupResolver } from '../../forms/yupResolver';
import { redirectToShowPage } from '../shared/recordPaths';
import { RoleFormFields } from './RoleFormFields';
import { roleSchema } from './roleValidation';

const resolver = yupResolver(roleSchema);

/** /staff-management/roles/create: a role and its permissions. */
export default function RoleCreate() {
  return (
    <Create redirect={redirectToShowPage}>
      <EditorForm resolver={resolver} reValidateMode="onChange" noValidate defaultValues={{ permissions: [] }}>
        <RoleFormFields />
      </EditorForm>
    </Create>
  );
}
