import { Button, Stack, Typography } from '@mui/material';
import { useLogin, useTranslate } from 'react-admin';
import { Link, useSearchParams } from 'react-router';
import { authApi } from '../../auth/authApi';
import { forgetVerifiedCode, verifiedCodeFor } from '../../auth/verifiedCodeStore';
import { setPasswordSchema } from '../../domain/passwordRules';
import { yupResolver } from '../../forms/yupResolver';
import { verifyEmailPath } from './authPaths';
import { AuthCard } from './components/AuthCard';
import { FormMessage } from './components/FormMessage';
import { NewPasswordForm } from './components/NewPasswordForm';
import { PasswordRuleChecklist } from './components/PasswordRuleChecklist';
import { useAuthAction } from './components/useAuthAction';

const resolver = yupResolver(setPasswordSchema);

/**
 * /password-entry?email: a new account's first password. It carries the code
 * verified just before (kept in memory, see src/auth/verifiedCodeStore.ts); success signs in and goes to /.
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
      <NewPasswordForm
        resolver={resolver}
        action={createPassword}
        passwordLabel={translate('app.auth.fields.password')}
        submitLabel={translate('app.auth.passwordEntry.submit')}
        disabled={!otp}
      >
        <PasswordRuleChecklist />
      </NewPasswordForm>
    </AuthCard>
  );
}
