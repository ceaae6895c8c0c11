import { sql, type Kysely } from 'kysely';

/** PGlite's extended protocol takes one statement per query, so migrations list them. */
export async function runStatements(db: Kysely<unknown>, statements: string[]): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
