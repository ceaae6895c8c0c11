import SmsIcon from '@mui/icons-material/Sms';
import { Button } from '@mui/material';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { COMMANDS } from '../../dataProviders/calls';
import { usePanelDataProvider } from '../../dataProviders/useAction';

/**
 * "Resend code": texts the driver a new sign-in code (the spec's drivers/resend_otp), for staff
 * helping a driver who did not get theirs. The answer shows as a short toast (the spec's 2.5 s).
 */
export function ResendCodeButton({ phone }: { phone: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = usePanelDataProvider();
  const [sending, setSending] = useState(false);
  const resend = async () => {
    setSending(true);
    try {
      const result = await dataProvider.post(COMMANDS.drivers.resend_otp, { phoneNumber: phone });
      notify(result.message ?? translate('app.drivers.codeSent'), { type: 'success', autoHideDuration: 2500 });
    } catch (error) {
      notify((error as Error).message || translate('app.drivers.codeNotSent'), { type: 'error' });
    } finally {
      setSending(false);
    }
  };
  return (
    <Button variant="outlined" startIcon={<SmsIcon />} disabled={sending} onClick={() => void resend()}>
      {translate('app.drivers.resendCode')}
    </Button>
  );
}
