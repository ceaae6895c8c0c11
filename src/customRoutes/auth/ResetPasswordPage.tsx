import { Button, Typography } from '@mui/material';
import { useLogin, useTranslate } from 'react-admin';
import { Link, useSearchParams } from 'react-router';
import { authApi } from '../../auth/authApi';
import { resetPasswordSchema } from '../../domain/passwordRules';
import { yupResolver } from '../../forms/yupResolver';
import { AuthCard } from './components/AuthCard';
import { FormMessage } from './components/FormMessage';
import { NewPasswordForm } from './components/NewPasswordForm';
import { useAuthAction } from './components/useAuthAction';

const resolver = yupResolver(resetPasswordSchema);

/** /reset-password?email&otp: the new password; success signs in and goes to /. */
export default function ResetPasswordPage() {
  const translate = useTranslate();
  const login = useLogin();
  const [params] = useSearchParams();
  const email = params.get('email') ?? '';
  const otp = params.get('otp') ?? '';

  const reset = useAuthAction(async ({ password }: { password: string }) => {
    const accessToken = await authApi.resetPassword({ password, email, otp });
    await login({ accessToken }, '/');
  });

  return (
    <AuthCard heading={translate('app.auth.reset.heading')}>
      {email && otp ? (
        <NewPasswordForm
          resolver={resolver}
          action={reset}
          passwordLabel={translate('app.auth.fields.newPassword')}
          submitLabel={translate('app.auth.reset.submit')}
          intro={
            <Typography color="text.secondary" sx={{ mb: 1 }}>
              {translate('app.auth.reset.intro', { address: email })}
            </Typography>
          }
        />
      ) : (
        <FormMessage message={translate('app.auth.reset.missingCode')} />
      )}
      <Button component={Link} to={email && otp ? '/login' : '/forgot-password'} sx={{ mt: 1, alignSelf: 'center' }}>
        {translate(email && otp ? 'app.auth.forgot.backToLogin' : 'app.auth.login.forgotPassword')}
      </Button>
    </AuthCard>
  );
}
