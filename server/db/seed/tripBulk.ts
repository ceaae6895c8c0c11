import { sql } from 'kysely';
import type { Db } from '../index.js';

/** A deterministic PRNG (mulberry32): the seed must give the same city every time. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    float: (lo: number, hi: number) => lo + next() * (hi - lo),
    chance: (p: number) => next() < p,
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)],
    weighted: <T>(items: readonly T[], weight: (t: T) => number): T => {
      let total = 0;
      for (const it of items) total += weight(it);
      let r = next() * total;
      for (const it of items) {
        r -= weight(it);
        if (r < 0) return it;
      }
      return items[items.length - 1];
    },
  };
}
export type Prng = ReturnType<typeof prng>;

/**
 * Inserts rows (snake_case keys) a few thousand per statement through
 * json_to_recordset: one parameter per statement, whatever the column count.
 */
export async function insertRows(
  db: Db,
  table: string,
  columns: Record<string, string>,
  rows: Record<string, unknown>[],
  chunk = 4000,
): Promise<void> {
  const names = Object.keys(columns);
  const list = sql.raw(names.join(', '));
  const defs = sql.raw(names.map((n) => `${n} ${columns[n]}`).join(', '));
  for (let i = 0; i < rows.length; i += chunk) {
    const json = JSON.stringify(rows.slice(i, i + chunk));
    await sql`insert into ${sql.raw(table)} (${list}) select ${list} from json_to_recordset(${json}::json) as x(${defs})`.execute(
      db,
    );
  }
}

/** After inserting explicit ids, moves the serial past them. */
export async function syncSequence(db: Db, table: string): Promise<void> {
  await sql
    .raw(
      `select setval(pg_get_serial_sequence('${table}', 'id'), coalesce((select max(id) from ${table}), 0) + 1, false)`,
    )
    .execute(db);
}
