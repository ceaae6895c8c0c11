import type { CodePurpose } from '../../auth/codes.js';
import type { OutgoingMessage } from '../../mail/outbox.js';

const SUBJECTS: Record<CodePurpose, string> = {
  password_reset: 'Your password reset code',
  email_verification: 'Verify your email for Ride Admin',
  phone_verification: 'Your phone verification code',
  app_sign_in: 'Your sign-in code',
};

export function codeMail(to: string, purpose: CodePurpose, code: string): OutgoingMessage {
  const why = {
    password_reset: 'to reset your password',
    email_verification: 'to verify your email and create your password',
    phone_verification: 'to verify your phone number',
    app_sign_in: 'to sign in to the app',
  }[purpose];
  return {
    to,
    subject: SUBJECTS[purpose],
    text: `Your verification code is ${code}. Enter it ${why}. It expires in 10 minutes. If you did not ask for it, ignore this message.`,
  };
}
