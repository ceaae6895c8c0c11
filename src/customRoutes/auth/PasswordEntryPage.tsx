import { Button, Stack, Typography } from '@mui/material';
import type { FieldValues } from 'react-hook-form';
import { Form, useLogin, useTranslate } from 'react-admin';
import { Link, useSearchParams } from 'react-router';
import { authApi } from '../../auth/authApi';
import { forgetVerifiedCode, verifiedCodeFor } from '../../auth/verifiedCodeStore';
import { setPasswordSchema } from '../../domain/passwordRules';
import { yupResolver } from '../../forms/yupResolver';
import { verifyEmailPath } from './authPaths';
import { AuthCard } from './components/AuthCard';
import { FormMessage } from './components/FormMessage';
import { PasswordFields } from './components/PasswordFields';
import { PasswordRuleChecklist } from './components/PasswordRuleChecklist';
import { SubmitButton } from './components/SubmitButton';
import { useAuthAction } from './components/useAuthAction';

const resolver = yupResolver(setPasswordSchema);

/**
 * /password-entry?email: a new account's first password. It carries the code
 * verified just before (kept in memory, ARCHITECTURE §6); success signs in and goes to /.
 */
export default function PasswordEntryPage() {
  const translate = useTranslate();
  const login = useLogin();
  const [params] = useSearchParams();
  const email = params.get('email') ?? '';
  const otp = verifiedCodeFor(email);

  const createPassword = useAuthAction(async ({ password }: { password: string }) => {
    if (!otp) return;
    const accessToken = await authApi.setPassword({ password, email, otp });
    forgetVerifiedCode();
    await login({ accessToken }, '/');
  });

  return (
    <AuthCard heading={translate('app.auth.passwordEntry.heading')}>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {translate('app.auth.passwordEntry.intro')}
      </Typography>
      {!otp && (
        <Stack alignItems="flex-start" sx={{ mb: 2 }}>
          <FormMessage severity="warning" message={translate('app.auth.passwordEntry.notVerified')} />
          <Button component={Link} to={verifyEmailPath(email, true)} variant="outlined">
            {translate('app.auth.passwordEntry.verifyEmail')}
          </Button>
        </Stack>
      )}
      <Form
        onSubmit={(values: FieldValues) => createPassword.run(values as { password: string })}
        resolver={resolver}
        mode="onTouched"
        noValidate
        disableInvalidFormNotification
        defaultValues={{ password: '', confirmPassword: '' }}
      >
        <Stack>
          <PasswordFields passwordLabel={translate('app.auth.fields.password')} />
          <PasswordRuleChecklist />
          <FormMessage message={createPassword.error} />
          <SubmitButton
            label={translate('app.auth.passwordEntry.submit')}
            loading={createPassword.pending}
            disabled={!otp}
          />
        </Stack>
      </Form>
    </AuthCard>
  );
}
