import { sql } from 'kysely';
import type { Db } from '../db/index.js';

/**
 * Fixed-window counters in the database (auth_counters, migration 017), for the sign-in limits
 * that must hold across every process sharing the database and over windows of hours or a day,
 * where the in-process or per-minute rate limits do not reach. One atomic upsert per event.
 */
export interface Count {
  count: number;
  /** When this window ends (ms since the epoch). */
  resetAt: number;
}

/** Counts one event under `key` in a window of `windowMs` that starts with the first event. */
export async function bump(db: Db, key: string, windowMs: number, now = Date.now()): Promise<Count> {
  const at = new Date(now);
  const until = new Date(now + windowMs);
  const row = await sql<{ count: number; resetAt: Date | string }>`
    insert into auth_counters (key, count, reset_at) values (${key}, 1, ${until})
    on conflict (key) do update set
      count = case when auth_counters.reset_at <= ${at} then 1 else auth_counters.count + 1 end,
      reset_at = case when auth_counters.reset_at <= ${at} then excluded.reset_at else auth_counters.reset_at end
    returning count, reset_at`.execute(db);
  const r = row.rows[0];
  return { count: Number(r.count), resetAt: new Date(r.resetAt).getTime() };
}

/** The live count under `key`, or undefined when its window is over or it never began. */
export async function peek(db: Db, key: string, now = Date.now()): Promise<Count | undefined> {
  const row = await db
    .selectFrom('authCounters')
    .select(['count', 'resetAt'])
    .where('key', '=', key)
    .where('resetAt', '>', new Date(now))
    .executeTakeFirst();
  return row && { count: row.count, resetAt: row.resetAt.getTime() };
}

/** Sets a lock under `key` until `until` (a longer lock already there stays). */
export async function lockUntil(db: Db, key: string, until: number): Promise<void> {
  await sql`insert into auth_counters (key, count, reset_at) values (${key}, 1, ${new Date(until)})
    on conflict (key) do update set count = 1, reset_at = greatest(auth_counters.reset_at, excluded.reset_at)`.execute(
    db,
  );
}

/** Forgets the counters whose windows ended (run hourly). */
export async function purgeExpired(db: Db, now = Date.now()): Promise<void> {
  await db.deleteFrom('authCounters').where('resetAt', '<=', new Date(now)).execute();
}

/** Seconds until `resetAt`, at least 1 (for the messages). */
export const secondsLeft = (resetAt: number, now = Date.now()) => Math.max(1, Math.ceil((resetAt - now) / 1000));

/** `+254712345678` → `+254******678`: enough to tell numbers apart in a log, not to text one. */
export function maskPhone(phone: string): string {
  if (phone.length <= 7) return '*'.repeat(phone.length);
  return `${phone.slice(0, 4)}${'*'.repeat(phone.length - 7)}${phone.slice(-3)}`;
}
