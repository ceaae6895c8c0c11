import { SelectInput, TextInput, type SelectInputProps } from 'react-admin';
import { GuardedReferenceInput } from '../../kit/GuardedReferenceInput';
import { roles } from '../../domain/resources';

/**
 * The staff member's role, picked from the roles. Picking needs the roles
 * list (view-Role); without it the role shows read-only.
 */
export function RoleInput(props: Omit<SelectInputProps, 'source' | 'choices'>) {
  return (
    <GuardedReferenceInput
      source="roleId"
      reference={roles.path}
      sort={{ field: 'name', order: 'ASC' }}
      perPage={100}
      fallback={<TextInput source="roleName" disabled helperText="app.access.staff.noRoleAccess" label={props.label} />}
    >
      <SelectInput optionText="name" {...props} />
    </GuardedReferenceInput>
  );
}
