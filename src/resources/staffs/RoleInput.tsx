import { ReferenceInput, SelectInput, TextInput, useCanAccess, type SelectInputProps } from 'react-admin';
import { roles } from '../roles';

/**
 * The staff member's role, picked from the roles. Picking needs the roles
 * list (view-Role); without it the role shows read-only.
 */
export function RoleInput({
  alwaysOn: _alwaysOn,
  ...props
}: Omit<SelectInputProps, 'source' | 'choices'> & { alwaysOn?: boolean }) {
  const { canAccess, isPending } = useCanAccess({ resource: roles.path, action: 'list' });
  if (isPending) return null;
  if (!canAccess)
    return <TextInput source="roleName" disabled helperText="app.access.staff.noRoleAccess" label={props.label} />;
  return (
    <ReferenceInput source="roleId" reference={roles.path} sort={{ field: 'name', order: 'ASC' }} perPage={100}>
      <SelectInput optionText="name" {...props} />
    </ReferenceInput>
  );
}
