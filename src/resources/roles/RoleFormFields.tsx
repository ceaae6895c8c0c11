import { Box } from '@mui/material';
import { TextInput } from 'react-admin';
import { PermissionMatrixInput } from './PermissionMatrixInput';

/** The role form: name, description and the permission matrix. */
export function RoleFormFields() {
  return (
    <>
      <Box sx={{ width: '100%', maxWidth: 720 }}>
        <TextInput source="name" isRequired />
        <TextInput source="description" multiline minRows={2} />
      </Box>
      <Box sx={{ width: '100%', maxWidth: 720 }}>
        <PermissionMatrixInput source="permissions" />
      </Box>
    </>
  );
}
