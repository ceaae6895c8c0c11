import { DeleteButton, useRecordContext } from 'react-admin';
import type { Role } from './types';

/**
 * Deletes a role after a confirmation (with the delete permission). While
 * staff still hold it the server refuses, and its message says so
 * ("This role is still held by N staff members. Give them another role first.").
 */
export function RoleDeleteButton() {
  const role = useRecordContext<Role>();
  if (!role) return null;
  return (
    <DeleteButton
      mutationMode="pessimistic"
      confirmTitle="app.access.roles.deleteTitle"
      confirmContent={role.staffCount > 0 ? 'app.access.roles.deleteHeld' : 'app.access.roles.deleteContent'}
      titleTranslateOptions={{ name: role.name }}
      contentTranslateOptions={{ name: role.name, smart_count: role.staffCount }}
      confirmColor="warning"
    />
  );
}
