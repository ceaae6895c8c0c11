import NotificationsIcon from '@mui/icons-material/Notifications';
import PersonAddAlt1Icon from '@mui/icons-material/PersonAddAlt1';
import SosIcon from '@mui/icons-material/Sos';
import EventBusyIcon from '@mui/icons-material/EventBusy';
import WrongLocationIcon from '@mui/icons-material/WrongLocation';
import { Avatar } from '@mui/material';
import { notificationKind, type NotificationKind, type StaffNotification } from '../../domain/notifications';

const looks: Record<NotificationKind, { Icon: typeof SosIcon; color: string; background: string }> = {
  sos: { Icon: SosIcon, color: 'error.main', background: '#FDECEC' },
  DRIVER_REGISTRATION: { Icon: PersonAddAlt1Icon, color: 'primary.main', background: '#FDEFE6' },
  SCHEDULED_UNASSIGNED: { Icon: EventBusyIcon, color: 'warning.dark', background: '#FFF4E5' },
  LEFT_SERVICE_AREA: { Icon: WrongLocationIcon, color: 'warning.dark', background: '#FFF4E5' },
  other: { Icon: NotificationsIcon, color: 'text.secondary', background: '#EEF0F3' },
};

/** The round icon of a notification's type: SOS, driver registration, or a plain bell. */
export function NotificationIcon({ type, label }: { type: StaffNotification['type']; label: string }) {
  const kind = notificationKind(type);
  const { Icon, color, background } = looks[kind];
  return (
    <Avatar
      aria-label={label}
      role="img"
      data-testid={`notification-icon-${kind}`}
      sx={{ width: 36, height: 36, bgcolor: background, color }}
    >
      <Icon fontSize="small" />
    </Avatar>
  );
}
