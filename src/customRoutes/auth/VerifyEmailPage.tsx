import { Button } from '@mui/material';
import { useLogin, useTranslate } from 'react-admin';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { authApi } from '../../auth/authApi';
import { rememberVerifiedCode } from '../../auth/verifiedCodeStore';
import { passwordEntryPath, wantsSignInAfterCheck } from './authPaths';
import { AuthCard } from './components/AuthCard';
import { CodeVerification } from './components/CodeVerification';
import { FormMessage } from './components/FormMessage';

/**
 * /verify-email?email&setPassword: the 6-character code. With a token and
 * setPassword=false it signs in and goes to /; otherwise it goes to
 * /password-entry?email, keeping the verified code in memory.
 */
export default function VerifyEmailPage() {
  const translate = useTranslate();
  const login = useLogin();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const email = params.get('email') ?? '';
  const signInAfterCheck = wantsSignInAfterCheck(params.get('setPassword'));

  const verify = async (otp: string) => {
    const accessToken = await authApi.verifyEmail(email, otp, signInAfterCheck);
    if (signInAfterCheck && accessToken) {
      await login({ accessToken }, '/');
      return;
    }
    rememberVerifiedCode(email, otp);
    void navigate(passwordEntryPath(email));
  };

  return (
    <AuthCard heading={translate('app.auth.verify.heading')}>
      {email ? (
        <CodeVerification email={email} onVerify={verify} />
      ) : (
        <FormMessage message={translate('app.auth.verify.missingEmail')} />
      )}
      <Button component={Link} to="/login" sx={{ mt: 1, alignSelf: 'center' }}>
        {translate('app.auth.forgot.backToLogin')}
      </Button>
    </AuthCard>
  );
}
