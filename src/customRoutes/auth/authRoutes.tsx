import { lazy } from 'react';
import { Route } from 'react-router';
import { WhileLoading } from '../../layout/LoadingScreen';

const ForgotPasswordPage = lazy(() => import('./ForgotPasswordPage'));
const ResetPasswordPage = lazy(() => import('./ResetPasswordPage'));
const VerifyEmailPage = lazy(() => import('./VerifyEmailPage'));
const PasswordEntryPage = lazy(() => import('./PasswordEntryPage'));

/** The public auth screens besides /login (react-admin's loginPage), without the layout. */
export const authRoutes = [
  { path: '/forgot-password', Page: ForgotPasswordPage },
  { path: '/reset-password', Page: ResetPasswordPage },
  { path: '/verify-email', Page: VerifyEmailPage },
  { path: '/password-entry', Page: PasswordEntryPage },
].map(({ path, Page }) => (
  <Route
    key={path}
    path={path}
    element={
      <WhileLoading>
        <Page />
      </WhileLoading>
    }
  />
));
