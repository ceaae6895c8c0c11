import { Box, Button } from '@mui/material';
import { useCallback, useRef, useState } from 'react';
import { PasswordInput, TextInput, useLogin, useTranslate } from 'react-admin';
import { Link, Navigate } from 'react-router';
import { hasSession } from '../../session';
import { loginSchema } from '../../domain/authRules';
import { yupResolver } from '../../forms/yupResolver';
import type { Credentials } from '../../auth/authApi';
import { AuthCard } from './components/AuthCard';
import { AuthForm } from './components/AuthForm';
import { DemoAccounts } from './components/DemoAccounts';
import { loadDashboard } from '../dashboard/loadDashboard';
import { useAuthAction } from './components/useAuthAction';

const resolver = yupResolver(loginSchema);

/** /login: the staff sign-in. A visit with a session goes to /. */
export function LoginPage() {
  const translate = useTranslate();
  const login = useLogin();
  const [signedInOnArrival] = useState(hasSession);
  const signIn = useAuthAction((credentials: Credentials) => login(credentials));
  // The page after signing in: fetched once the form is being filled in (first key or pointer press),
  // not on arrival, so that /login itself downloads only what it draws. A failure is retried by the route.
  const dashboardStarted = useRef(false);
  const startDashboard = useCallback(() => {
    if (dashboardStarted.current) return;
    dashboardStarted.current = true;
    void loadDashboard().catch(() => undefined);
  }, []);

  if (signedInOnArrival) return <Navigate to="/" replace />;

  return (
    <AuthCard heading={translate('app.auth.login.heading')} documentTitle={translate('app.auth.login.documentTitle')}>
      <Box sx={{ display: 'contents' }} onKeyDownCapture={startDashboard} onPointerDownCapture={startDashboard}>
        <AuthForm
          resolver={resolver}
          defaultValues={{ email: '', password: '' }}
          action={signIn}
          submitLabel={translate('app.auth.login.submit')}
          footer={
            <>
              <Button component={Link} to="/forgot-password" sx={{ mt: 1, alignSelf: 'center' }}>
                {translate('app.auth.login.forgotPassword')}
              </Button>
              <DemoAccounts />
            </>
          }
        >
          <TextInput
            source="email"
            type="email"
            label={translate('app.auth.fields.email')}
            autoComplete="username"
            autoFocus
          />
          <PasswordInput
            source="password"
            label={translate('app.auth.fields.password')}
            autoComplete="current-password"
          />
        </AuthForm>
      </Box>
    </AuthCard>
  );
}
