import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** What a NOTIFY channel's listener is told: each notice's payload, and when notices start or stop arriving. */
export interface NoticeListener {
  notice(payload: string): void;
  /** Listening: from now on every notice arrives. */
  up(): void;
  /** The connection was lost: notices may be missed until the next `up` (not called when listening is stopped). */
  down(): void;
}

const RECONNECT_MS = 1_000;

/**
 * PostgreSQL: a connection of its own (a pooled one would be handed to queries), reconnected a
 * second after it is lost, for as long as the answered function has not been called.
 */
export async function listenPostgres(
  connectionString: string,
  channel: string,
  listener: NoticeListener,
): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const lost = (lostClient: pg.Client) => {
    if (client !== lostClient) return;
    client = undefined;
    listener.down();
    lostClient.end().catch(() => undefined);
    if (!stopped) retry = setTimeout(() => void connect(), RECONNECT_MS);
  };
  const connect = async () => {
    const next = new pg.Client({ connectionString });
    next.on('notification', (message) => {
      if (message.channel === channel) listener.notice(message.payload ?? '');
    });
    next.on('error', () => lost(next));
    next.on('end', () => lost(next));
    client = next;
    try {
      await next.connect();
      await next.query(`listen ${pg.escapeIdentifier(channel)}`);
      if (client === next && !stopped) listener.up();
    } catch {
      lost(next);
    }
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const last = client;
    client = undefined;
    await last?.end().catch(() => undefined);
  };
}

/** PGlite: one in-process database, whose notices arrive as the statement that sent them completes. */
export async function listenPglite(
  pglite: PGlite,
  channel: string,
  listener: NoticeListener,
): Promise<() => Promise<void>> {
  const unlisten = await pglite.listen(channel, (payload) => listener.notice(payload));
  listener.up();
  return async () => {
    await unlisten().catch(() => undefined);
  };
}
