/**
 * Where the notification bell goes in the top bar. The bell (unseen-count
 * badge, infinite list, mark-all-as-seen, realtime toasts) is its own issue:
 * it replaces this body with `<NotificationBell />` from
 * src/layout/NotificationBell.tsx. Until then nothing is shown, rather than a
 * made-up count.
 */
export function NotificationBellSlot() {
  return null;
}
