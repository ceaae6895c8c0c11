/** Links between the auth screens. */
const withQuery = (path: string, query: Record<string, string>) => `${path}?${new URLSearchParams(query).toString()}`;

export const resetPasswordPath = (email: string, otp: string) => withQuery('/reset-password', { email, otp });

export const verifyEmailPath = (email: string, setPassword: boolean) =>
  withQuery('/verify-email', { email, setPassword: String(setPassword) });

export const passwordEntryPath = (email: string) => withQuery('/password-entry', { email });

/** `setPassword=false` (or 0) asks to sign in right after the check; anything else leads to password entry. */
export const wantsSignInAfterCheck = (setPassword: string | null) => setPassword === 'false' || setPassword === '0';
