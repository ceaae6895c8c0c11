import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import DoNotDisturbIcon from '@mui/icons-material/DoNotDisturbOn';
import NoteAddIcon from '@mui/icons-material/NoteAdd';
import PanToolIcon from '@mui/icons-material/PanTool';
import { Button, Stack } from '@mui/material';
import { TextInput, useCanAccess, useTranslate } from 'react-admin';
import { ACTIONS } from '../../domain/resourceActions';
import { sosCallLogs } from '../../domain/resources';
import { sosActionBodies } from '../../domain/resources/sosCallLogs';
import { ActionDialogButton } from '../../kit/ActionDialog';
import type { SosAlarm } from './types';
import { useAcknowledge } from './useAcknowledge';

const OPEN = ['new', 'acknowledged'];

/** Acknowledge (one click), add a note, resolve, false alarm — for staff who may act. */
export function AlarmActions({ alarm }: { alarm: SosAlarm }) {
  const translate = useTranslate();
  const { canAccess } = useCanAccess({ resource: sosCallLogs.path, action: 'edit' });
  const { acknowledge, pendingId } = useAcknowledge();
  if (!canAccess) return null;
  const open = OPEN.includes(alarm.status);
  const noteInput = (
    <TextInput source="note" label="resources.sos-call-logs.fields.note" multiline minRows={3} fullWidth autoFocus />
  );
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
      {alarm.status === 'new' && (
        <Button
          variant="contained"
          color="error"
          startIcon={<PanToolIcon />}
          disabled={pendingId === alarm.id}
          onClick={() => void acknowledge(alarm.id)}
        >
          {translate('app.sos.actions.acknowledge')}
        </Button>
      )}
      <ActionDialogButton
        action={ACTIONS['sos-call-logs'].note}
        label="app.sos.actions.note"
        icon={<NoteAddIcon />}
        title="app.sos.actions.noteTitle"
        confirmLabel="app.sos.actions.save"
        schema={sosActionBodies.note}
        defaultValues={{ note: '' }}
      >
        {noteInput}
      </ActionDialogButton>
      {open && (
        <ActionDialogButton
          action={ACTIONS['sos-call-logs'].resolve}
          label="app.sos.actions.resolve"
          icon={<CheckCircleIcon />}
          color="success"
          title="app.sos.actions.resolveTitle"
          description={translate('app.sos.actions.resolveHelp')}
          confirmLabel="app.sos.actions.resolve"
          schema={sosActionBodies.resolve}
          defaultValues={{ note: '' }}
        >
          {noteInput}
        </ActionDialogButton>
      )}
      {open && (
        <ActionDialogButton
          action={ACTIONS['sos-call-logs']['false-alarm']}
          label="app.sos.actions.falseAlarm"
          icon={<DoNotDisturbIcon />}
          color="inherit"
          title="app.sos.actions.falseAlarmTitle"
          description={translate('app.sos.actions.falseAlarmHelp')}
          confirmLabel="app.sos.actions.falseAlarm"
          schema={sosActionBodies.falseAlarm}
          defaultValues={{ note: '' }}
        >
          {noteInput}
        </ActionDialogButton>
      )}
    </Stack>
  );
}
