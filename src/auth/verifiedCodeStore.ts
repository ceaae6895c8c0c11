/**
 * The code verified on /verify-email, kept in memory (never in the URL) for
 * set_password on /password-entry. Lost on reload, in which
 * case the user verifies again.
 */
let verified: { email: string; otp: string } | null = null;

const normalise = (email: string) => email.trim().toLowerCase();

export function rememberVerifiedCode(email: string, otp: string): void {
  verified = { email: normalise(email), otp };
}

export function verifiedCodeFor(email: string): string | undefined {
  return verified !== null && verified.email === normalise(email) ? verified.otp : undefined;
}

export function forgetVerifiedCode(): void {
  verified = null;
}
