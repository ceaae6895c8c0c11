import { Button, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { authApi } from '../../../auth/authApi';
import { HttpFailure, serverMessage } from '../../../http';
import { FormMessage } from './FormMessage';
import { OtpInput } from './OtpInput';
import { EMPTY_CODE, completeCode } from './otpDigits';
import { useAuthAction } from './useAuthAction';

/** How long the resend confirmation stays (spec §9). */
export const RESEND_TOAST_MS = 2_500;

interface CodeVerificationProps {
  email: string;
  /** Checks the complete code; a rejection shows its message and clears the boxes. */
  onVerify: (otp: string) => Promise<void>;
}

/**
 * The code step shared by the forgot-password and verify-email screens: the
 * 6-character entry, checked as soon as it is complete (`Checking...`
 * meanwhile), and `Resend Code`.
 */
export function CodeVerification({ email, onVerify }: CodeVerificationProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const [code, setCode] = useState(EMPTY_CODE);
  // A new entry (focused on its first box) after each refused code.
  const [attempt, setAttempt] = useState(0);

  const verification = useAuthAction(async (otp: string) => {
    try {
      await onVerify(otp);
    } catch (error) {
      setCode(EMPTY_CODE);
      setAttempt((count) => count + 1);
      // A refused code without a message of its own is simply a wrong code.
      if (error instanceof HttpFailure && error.status === 400 && !serverMessage(error.body)) {
        throw new Error(translate('app.auth.code.incorrect'));
      }
      throw error;
    }
  });

  const resend = useAuthAction(async () => {
    verification.setError(undefined);
    await authApi.resendCode(email);
    notify('app.auth.code.resent', {
      type: 'success',
      autoHideDuration: RESEND_TOAST_MS,
      messageArgs: { address: email },
    });
  });

  const handleChange = (next: string) => {
    setCode(next);
    const otp = completeCode(next);
    if (otp) void verification.run(otp);
  };

  return (
    <Stack>
      <Typography color="text.secondary">{translate('app.auth.code.intro', { address: email })}</Typography>
      <OtpInput
        key={attempt}
        value={code}
        onChange={handleChange}
        disabled={verification.pending}
        invalid={Boolean(verification.error)}
        autoFocus
      />
      {verification.pending && (
        <Typography role="status" color="primary" sx={{ fontWeight: 600 }} data-testid="otp-checking">
          {translate('app.auth.code.checking')}
        </Typography>
      )}
      <FormMessage message={verification.error ?? resend.error} />
      <Button
        variant="text"
        onClick={() => void resend.run()}
        loading={resend.pending}
        disabled={verification.pending}
        sx={{ alignSelf: 'flex-start', mt: 1 }}
      >
        {translate('app.auth.code.resend')}
      </Button>
    </Stack>
  );
}
