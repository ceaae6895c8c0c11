import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Db } from '../db/index.js';

export const CODE_TTL_MS = 10 * 60 * 1000;
export const CODE_MAX_ATTEMPTS = 5;
export type CodePurpose = 'password_reset' | 'email_verification' | 'phone_verification' | 'app_sign_in';

// A 6-digit code has too little entropy for a plain or slow hash to protect it:
// anyone holding the table could try all million values. Keying the hash with
// the server secret (HMAC) means a leaked table alone reveals nothing.
const hashCode = (secret: string, email: string, code: string) =>
  createHmac('sha256', secret).update(`${email.toLowerCase()}:${code}`).digest('hex');

export function generateCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** Issues a new code for (email, purpose); earlier live codes of that purpose stop working. */
export async function issueCode(
  db: Kysely<Database>,
  secret: string,
  email: string,
  purpose: CodePurpose,
  now = new Date(),
): Promise<string> {
  const code = generateCode();
  // Not wrapped in a transaction of its own, so callers may pass theirs.
  await db
    .updateTable('codes')
    .set({ consumedAt: now })
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .where('purpose', '=', purpose)
    .where('consumedAt', 'is', null)
    .execute();
  await db
    .insertInto('codes')
    .values({
      email: email.toLowerCase(),
      purpose,
      codeHash: hashCode(secret, email, code),
      expiresAt: new Date(now.getTime() + CODE_TTL_MS),
    })
    .execute();
  return code;
}

export type CodeCheck = 'ok' | 'wrong' | 'expired' | 'exhausted' | 'missing';

/**
 * Checks a code against the newest live code of that purpose. A wrong try
 * counts against the code; `consume` marks a right one as used.
 */
export async function checkCode(
  db: Db,
  secret: string,
  email: string,
  purpose: CodePurpose,
  code: string,
  { consume, now = new Date() }: { consume: boolean; now?: Date },
): Promise<CodeCheck> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('codes')
      .selectAll()
      .where(sql`lower(email)`, '=', email.toLowerCase())
      .where('purpose', '=', purpose)
      .where('consumedAt', 'is', null)
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .forUpdate()
      .executeTakeFirst();
    if (!row) return 'missing';
    if (row.expiresAt.getTime() <= now.getTime()) return 'expired';
    if (row.attempts >= CODE_MAX_ATTEMPTS) return 'exhausted';
    const expected = Buffer.from(row.codeHash, 'hex');
    const given = Buffer.from(hashCode(secret, email, String(code)), 'hex');
    if (!/^\d{6}$/.test(String(code)) || !timingSafeEqual(expected, given)) {
      await trx
        .updateTable('codes')
        .set({ attempts: row.attempts + 1 })
        .where('id', '=', row.id)
        .execute();
      return 'wrong';
    }
    if (consume) await trx.updateTable('codes').set({ consumedAt: now }).where('id', '=', row.id).execute();
    return 'ok';
  });
}
