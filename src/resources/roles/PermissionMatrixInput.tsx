import { FormHelperText, Typography } from '@mui/material';
import { useInput, useTranslate } from 'react-admin';
import { PermissionMatrix } from './PermissionMatrix';
import { normalizePermissions } from './permissionMatrixRules';

/** The role form's `permissions` (string[] of names) as the permission matrix. */
export function PermissionMatrixInput({ source = 'permissions' }: { source?: string }) {
  const translate = useTranslate();
  const { field, fieldState, formState } = useInput({ source, defaultValue: [] });
  const value = normalizePermissions(Array.isArray(field.value) ? (field.value as string[]) : []);
  const error = fieldState.error?.message;
  return (
    <>
      <Typography variant="subtitle2" component="h3" sx={{ mt: 1 }}>
        {translate('app.access.roles.permissions', { smart_count: value.length })}
      </Typography>
      <FormHelperText sx={{ mt: 0, mb: 1 }}>{translate('app.access.roles.matrixHint')}</FormHelperText>
      <PermissionMatrix value={value} onChange={(next) => field.onChange(next)} disabled={formState.isSubmitting} />
      {error && <FormHelperText error>{translate(error, { _: error })}</FormHelperText>}
    </>
  );
}
