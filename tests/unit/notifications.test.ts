import { describe, expect, it } from 'vitest';
import {
  formatRelativeTime,
  INFINITE_SCROLL_THRESHOLD,
  NOTIFICATION_PAGE_SIZE,
  NOTIFICATION_TOAST_MS,
  nextNotificationPage,
  notificationKind,
  notificationSubjectPath,
  scrolledPastThreshold,
  type NotificationPage,
} from '../../src/domain/notifications';

const NOW = Date.parse('2025-06-15T12:00:00Z');
const ago = (seconds: number) => new Date(NOW - seconds * 1000).toISOString();

describe('formatRelativeTime', () => {
  it.each([
    [0, 'now'],
    [5, 'now'],
    [30, '30 seconds ago'],
    [60, '1 minute ago'],
    [5 * 60, '5 minutes ago'],
    [5 * 60 + 59, '5 minutes ago'],
    [59 * 60, '59 minutes ago'],
    [3600, '1 hour ago'],
    [2 * 3600 + 5 * 60, '2 hours ago'],
    [86_400, 'yesterday'],
    [3 * 86_400, '3 days ago'],
    [7 * 86_400, 'last week'],
    [15 * 86_400, '2 weeks ago'],
    [30 * 86_400, 'last month'],
    [90 * 86_400, '3 months ago'],
    [400 * 86_400, 'last year'],
    [800 * 86_400, '2 years ago'],
  ])('%i s ago reads %s', (seconds, text) => {
    expect(formatRelativeTime(ago(seconds), NOW)).toBe(text);
  });

  it('reads a time slightly ahead of the clock as now, and further ahead as future', () => {
    expect(formatRelativeTime(ago(-30), NOW)).toBe('now');
    expect(formatRelativeTime(ago(-2 * 3600), NOW)).toBe('in 2 hours');
  });

  it('accepts dates and epoch milliseconds, and gives nothing for a bad date', () => {
    expect(formatRelativeTime(new Date(NOW - 120_000), NOW)).toBe('2 minutes ago');
    expect(formatRelativeTime(NOW - 120_000, NOW)).toBe('2 minutes ago');
    expect(formatRelativeTime('not a date', NOW)).toBe('');
  });

  it('follows the locale', () => {
    expect(formatRelativeTime(ago(5 * 60), NOW, 'fr')).toBe('il y a 5 minutes');
  });
});

describe('scrolledPastThreshold', () => {
  const list = (scrollTop: number) => ({ scrollTop, clientHeight: 400, scrollHeight: 1000 });

  it('is reached once 80 % of the content has been seen', () => {
    expect(INFINITE_SCROLL_THRESHOLD).toBe(0.8);
    expect(scrolledPastThreshold(list(0))).toBe(false);
    expect(scrolledPastThreshold(list(399))).toBe(false);
    expect(scrolledPastThreshold(list(400))).toBe(true);
    expect(scrolledPastThreshold(list(600))).toBe(true);
  });

  it('is not reached by an element without content', () => {
    expect(scrolledPastThreshold({ scrollTop: 0, clientHeight: 0, scrollHeight: 0 })).toBe(false);
  });
});

describe('nextNotificationPage', () => {
  const page = (n: number, totalPages: number): NotificationPage => ({
    data: { notifications: [], unseenCount: 0 },
    meta: { page: n, perPage: NOTIFICATION_PAGE_SIZE, total: totalPages * 10, totalPages },
  });

  it('counts up to meta.totalPages', () => {
    expect(nextNotificationPage(page(1, 3))).toBe(2);
    expect(nextNotificationPage(page(2, 3))).toBe(3);
    expect(nextNotificationPage(page(3, 3))).toBeUndefined();
    expect(nextNotificationPage(page(1, 0))).toBeUndefined();
  });
});

describe('notifications', () => {
  it('are read 10 a page and toasted for 180 s', () => {
    expect(NOTIFICATION_PAGE_SIZE).toBe(10);
    expect(NOTIFICATION_TOAST_MS).toBe(180_000);
  });

  it('lead to the driver review page or the SOS call log', () => {
    expect(notificationSubjectPath({ type: 'DRIVER_REGISTRATION', subjectType: 'driver', subjectId: 7 })).toBe(
      '/driver-management/review/7',
    );
    expect(notificationSubjectPath({ type: 'sos', subjectType: 'sos-call-log', subjectId: 3 })).toBe(
      '/sos-call-logs/3',
    );
    expect(notificationSubjectPath({ type: 'later', subjectType: 'driver', subjectId: 4 })).toBe(
      '/driver-management/review/4',
    );
    expect(notificationSubjectPath({ type: 'later', subjectType: 'thing', subjectId: 4 })).toBeUndefined();
    expect(notificationSubjectPath({ type: 'sos' })).toBeUndefined();
  });

  it('are of a known kind or other', () => {
    expect(notificationKind('sos')).toBe('sos');
    expect(notificationKind('DRIVER_REGISTRATION')).toBe('DRIVER_REGISTRATION');
    expect(notificationKind('PAYOUT')).toBe('other');
  });
});
