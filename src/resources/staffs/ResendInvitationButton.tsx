import ForwardToInboxIcon from '@mui/icons-material/ForwardToInbox';
import { useState } from 'react';
import { Button, useCanAccess, useNotify, useRecordContext } from 'react-admin';
import { authApi } from '../../auth/authApi';
import { authFormErrorMessage } from '../../http';
import type { Staff } from './types';

/**
 * Mails a fresh invitation code to a staff member who has not verified their
 * email yet (shown with the update permission).
 */
export function ResendInvitationButton() {
  const staff = useRecordContext<Staff>();
  const notify = useNotify();
  const { canAccess } = useCanAccess({ action: 'edit', record: staff });
  const [sending, setSending] = useState(false);
  if (!staff || staff.emailVerifiedAt || staff.status !== 'active' || !canAccess) return null;

  const resend = async () => {
    setSending(true);
    try {
      await authApi.resendCode(staff.email);
      notify('app.access.staff.invitationResent', { type: 'success', messageArgs: { email: staff.email } });
    } catch (error) {
      notify(authFormErrorMessage(error), { type: 'error' });
    } finally {
      setSending(false);
    }
  };

  return (
    <Button label="app.access.staff.resendInvitation" onClick={() => void resend()} disabled={sending}>
      <ForwardToInboxIcon />
    </Button>
  );
}
