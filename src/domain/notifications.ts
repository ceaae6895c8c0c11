import { NOTIFICATION_TYPES, type NotificationType } from './enums';

/** Notifications fetched per page (spec §9). */
export const NOTIFICATION_PAGE_SIZE = 10;
/** How long a new-notification toast stays unless closed (spec §9). */
export const NOTIFICATION_TOAST_MS = 180_000;
/** The next page loads once the list is scrolled past this share of its height (spec §9). */
export const INFINITE_SCROLL_THRESHOLD = 0.8;

/** One notification as GET notifications lists it. */
export interface StaffNotification {
  id: number;
  /** DRIVER_REGISTRATION or sos; other values may come later. */
  type: NotificationType | (string & {});
  title: string;
  /** The title's catalogue key (app.validation.notifications) and parameters, for the staff member's language. */
  titleCode?: string | null;
  titleParams?: Record<string, string> | null;
  /** What it is about, e.g. `driver` or `sos-call-log`, and its id. */
  subjectType?: string;
  subjectId?: number;
  createdAt: string;
  seen?: boolean;
}

/** The 'newNotification' socket event. */
export type NewNotificationEvent = Omit<StaffNotification, 'seen'>;

/** GET notifications?page&perPage. */
export interface NotificationPage {
  data: { notifications: StaffNotification[]; unseenCount: number };
  meta: { page: number; perPage: number; total: number; totalPages: number };
}

/** The notification types the panel knows, and `other` for any later one. */
export type NotificationKind = NotificationType | 'other';

export const notificationKind = (type: string): NotificationKind =>
  (NOTIFICATION_TYPES as readonly string[]).includes(type) ? (type as NotificationType) : 'other';

/**
 * Where a notification leads: the driver's review page for a registration,
 * the call log for an SOS; nowhere for a kind the panel does not know.
 */
export function notificationSubjectPath(
  notification: Pick<StaffNotification, 'type' | 'subjectType' | 'subjectId'>,
): string | undefined {
  const { type, subjectType, subjectId } = notification;
  if (subjectId === undefined || subjectId === null) return undefined;
  const id = encodeURIComponent(String(subjectId));
  if (type === 'DRIVER_REGISTRATION' || subjectType === 'driver') return `/driver-management/review/${id}`;
  if (type === 'sos' || subjectType === 'sos-call-log') return `/sos-call-logs/${id}`;
  if (subjectType === 'trip') return `/trip-management/trips/${id}`;
  return undefined;
}

/** Is a scrolled list past the threshold (share of its content seen) for loading more? */
export function scrolledPastThreshold(
  { scrollTop, clientHeight, scrollHeight }: { scrollTop: number; clientHeight: number; scrollHeight: number },
  threshold = INFINITE_SCROLL_THRESHOLD,
): boolean {
  if (scrollHeight <= 0) return false;
  return scrollTop + clientHeight >= threshold * scrollHeight;
}

/** The page after `last`, or undefined once the last page (meta.totalPages) is loaded. */
export function nextNotificationPage(last: NotificationPage): number | undefined {
  const { page, totalPages } = last.meta;
  return page < totalPages ? page + 1 : undefined;
}

const RELATIVE_UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['week', 7 * 86_400],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

/**
 * How long ago something happened, e.g. '5 minutes ago', 'yesterday', 'now'
 * (Intl.RelativeTimeFormat). A time slightly ahead of the clock counts as now.
 */
export function formatRelativeTime(time: string | number | Date, now: number = Date.now(), locale = 'en'): string {
  const at = new Date(time).getTime();
  if (Number.isNaN(at)) return '';
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  const seconds = Math.round((at - now) / 1000);
  const magnitude = Math.abs(seconds);
  if (magnitude < 10 || (seconds > 0 && magnitude < 60)) return format.format(0, 'second');
  for (const [unit, size] of RELATIVE_UNITS) {
    if (magnitude >= size) return format.format(Math.trunc(seconds / size), unit);
  }
  return format.format(seconds, 'second');
}

/** The code and parameters a notification's title was said with, for translateMessage. */
export const titleCodeOf = (n: Pick<StaffNotification, 'titleCode' | 'titleParams'>) =>
  n.titleCode ? { code: n.titleCode, params: n.titleParams ?? {} } : undefined;
