import { Button, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { TextInput, useTranslate } from 'react-admin';
import { Link, useNavigate } from 'react-router';
import { authApi } from '../../auth/authApi';
import { forgotSchema } from '../../domain/authRules';
import { yupResolver } from '../../forms/yupResolver';
import { resetPasswordPath } from './authPaths';
import { AuthCard } from './components/AuthCard';
import { AuthForm } from './components/AuthForm';
import { CodeVerification } from './components/CodeVerification';
import { useAuthAction } from './components/useAuthAction';

const resolver = yupResolver(forgotSchema);

/**
 * /forgot-password: the account's email, `Send Email`, then the code. The
 * server checks the code (without consuming it); a correct one leads to
 * /reset-password with the email and the code.
 */
export default function ForgotPasswordPage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const [email, setEmail] = useState<string>();

  const sendEmail = useAuthAction(async ({ email: address }: { email: string }) => {
    await authApi.forgotPassword(address);
    setEmail(address);
  });

  const verify = async (otp: string) => {
    if (!email) return;
    await authApi.verifyEmail(email, otp, false);
    void navigate(resetPasswordPath(email, otp));
  };

  return (
    <AuthCard heading={translate('app.auth.forgot.heading')}>
      {email ? (
        <Stack>
          <CodeVerification email={email} onVerify={verify} />
          <Button onClick={() => setEmail(undefined)} sx={{ alignSelf: 'flex-start' }}>
            {translate('app.auth.forgot.otherEmail')}
          </Button>
        </Stack>
      ) : (
        <AuthForm
          resolver={resolver}
          defaultValues={{ email: '' }}
          action={sendEmail}
          submitLabel={translate('app.auth.forgot.submit')}
        >
          <Typography color="text.secondary" sx={{ mb: 1 }}>
            {translate('app.auth.forgot.intro')}
          </Typography>
          <TextInput
            source="email"
            type="email"
            label={translate('app.auth.fields.email')}
            autoComplete="email"
            autoFocus
          />
        </AuthForm>
      )}
      <Button component={Link} to="/login" sx={{ mt: 1, alignSelf: 'center' }}>
        {translate('app.auth.forgot.backToLogin')}
      </Button>
    </AuthCard>
  );
}
