import type { Messenger } from '../../mail/outbox.js';

/**
 * The texts of a document review, batched: the decisions a reviewer makes on one driver's
 * documents within a window (REVIEW_SMS_WINDOW_SECONDS, a minute) go out as one SMS (approving
 * five documents texted five times).
 */
const PREFIX = 'Ride Admin: ';

interface Pending {
  lines: string[];
  timer: ReturnType<typeof setTimeout>;
}

/** Per messenger (one per app), per phone: the lines waiting. In memory: one process's decisions. */
const pendingOf = new WeakMap<Messenger, Map<string, Pending>>();

/** "Ride Admin: a. Ride Admin: b." → "Ride Admin: a. B." — one greeting, each decision a sentence. */
export function combineReviewTexts(lines: readonly string[]): string {
  if (lines.length === 1) return lines[0];
  const bodies = lines.map((line) => (line.startsWith(PREFIX) ? line.slice(PREFIX.length) : line));
  return PREFIX + bodies.map((body) => body.charAt(0).toUpperCase() + body.slice(1)).join(' ');
}

async function send(messenger: Messenger, phone: string): Promise<void> {
  const waiting = pendingOf.get(messenger);
  const pending = waiting?.get(phone);
  if (!waiting || !pending) return;
  waiting.delete(phone);
  clearTimeout(pending.timer);
  await messenger.sendSms(phone, combineReviewTexts(pending.lines));
}

/** Queues a review decision's text for the driver; the first one starts the window. */
export function queueReviewText(
  messenger: Messenger,
  phone: string,
  line: string,
  windowMs: number,
  onError: (err: unknown) => void,
) {
  let waiting = pendingOf.get(messenger);
  if (!waiting) pendingOf.set(messenger, (waiting = new Map()));
  const pending = waiting.get(phone);
  if (pending) {
    pending.lines.push(line);
    return;
  }
  const timer = setTimeout(() => void send(messenger, phone).catch(onError), windowMs);
  timer.unref();
  waiting.set(phone, { lines: [line], timer });
}

/** Sends every text still waiting now (at shutdown, and in tests instead of waiting a minute). */
export async function flushReviewTexts(messenger: Messenger): Promise<void> {
  const waiting = pendingOf.get(messenger);
  if (!waiting) return;
  await Promise.all([...waiting.keys()].map((phone) => send(messenger, phone)));
}
