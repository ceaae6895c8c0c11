import { Box, Card, CardContent, CardHeader } from '@mui/material';
import { useEffect, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { Form, PasswordInput, useTranslate } from 'react-admin';
import { PasswordRuleChecklist } from '../../customRoutes/auth/components/PasswordRuleChecklist';
import { yupResolver } from '../../forms/yupResolver';
import { useAction } from '../../dataProviders/useAction';
import { changePasswordSchema } from './profileValidation';
import { SubmitButton } from './SubmitButton';

const resolver = yupResolver(changePasswordSchema);
const EMPTY = { currentPassword: '', password: '', confirmPassword: '' };

/** Empties the form each time the password has been changed. */
function ResetAfterChange({ changes }: { changes: number }) {
  const { reset } = useFormContext();
  useEffect(() => {
    if (changes > 0) reset(EMPTY);
  }, [changes, reset]);
  return null;
}

/** Changes the password by giving the current one; the spec's rules tick as the new one is typed. */
export function ChangePasswordCard() {
  const translate = useTranslate();
  const [changes, setChanges] = useState(0);
  const change = useAction(
    (dataProvider, { currentPassword, password }: typeof EMPTY) =>
      dataProvider.changePassword({ currentPassword, password }),
    {
      successMessage: 'app.access.profile.passwordChanged',
      onSuccess: () => setChanges((count) => count + 1),
      refresh: false,
    },
  );

  return (
    <Card data-testid="change-password">
      <CardHeader
        title={translate('app.access.profile.password')}
        subheader={translate('app.access.profile.passwordHint')}
        slotProps={{
          title: { variant: 'subtitle1', component: 'h2', sx: { fontWeight: 700 } },
          subheader: { variant: 'body2' },
        }}
      />
      <CardContent sx={{ pt: 0 }}>
        <Form
          onSubmit={change.submit}
          resolver={resolver}
          mode="onTouched"
          noValidate
          defaultValues={EMPTY}
          disableInvalidFormNotification
        >
          <ResetAfterChange changes={changes} />
          <Box sx={{ maxWidth: 360 }}>
            <PasswordInput
              source="currentPassword"
              label="app.access.profile.currentPassword"
              autoComplete="current-password"
            />
            <PasswordInput source="password" label="app.auth.fields.newPassword" autoComplete="new-password" />
            <PasswordInput
              source="confirmPassword"
              label="app.auth.fields.confirmPassword"
              autoComplete="new-password"
            />
          </Box>
          <PasswordRuleChecklist />
          <SubmitButton label={translate('app.access.profile.changePassword')} pending={change.isPending} />
        </Form>
      </CardContent>
    </Card>
  );
}
