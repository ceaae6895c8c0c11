import { ACTIONS } from '../../domain/resourceActions';
import BlockIcon from '@mui/icons-material/Block';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import { TextInput, useCanAccess, useRecordContext, useTranslate } from 'react-admin';
import { passengerStatusChange } from '../../domain/resources/passengers';
import { ActionDialogButton } from '../../kit/ActionDialog';
import type { Passenger } from './types';

/**
 * Block (an active passenger) or Unblock (a blocked one), each with a
 * required reason, through the engine's actions. Shown only to staff with
 * update-Passenger; the server refuses everyone else anyway.
 */
export function PassengerStatusButton() {
  const translate = useTranslate();
  const passenger = useRecordContext<Passenger>();
  const { canAccess } = useCanAccess({ action: 'edit' });
  if (!passenger || !canAccess) return null;
  const name = passenger.fullName ?? `${passenger.firstName} ${passenger.lastName}`;
  const blocking = passenger.status !== 'blocked';
  return (
    <ActionDialogButton
      action={blocking ? ACTIONS.passengers.block : ACTIONS.passengers.unblock}
      label={blocking ? 'app.passengers.block' : 'app.passengers.unblock'}
      icon={blocking ? <BlockIcon /> : <LockOpenIcon />}
      color={blocking ? 'error' : 'primary'}
      title={translate(blocking ? 'app.passengers.blockTitle' : 'app.passengers.unblockTitle', { name })}
      description={translate(blocking ? 'app.passengers.blockHint' : 'app.passengers.unblockHint')}
      confirmLabel={blocking ? 'app.passengers.block' : 'app.passengers.unblock'}
      schema={passengerStatusChange}
      defaultValues={{ reason: '' }}
    >
      <TextInput source="reason" label="app.passengers.reason" multiline minRows={2} fullWidth autoFocus isRequired />
    </ActionDialogButton>
  );
}
