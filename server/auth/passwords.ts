import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** OWASP password storage cheat sheet: scrypt with N=2^17, r=8, p=1. */
const R = 8;
const P = 1;
const KEY_LENGTH = 32;

function scryptAsync(password: string, salt: Buffer, N: number): Promise<Buffer> {
  const options: ScryptOptions = { N, r: R, p: P, maxmem: 256 * N * R };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

/** Returns `scrypt$N$r$p$salt$hash` (base64), self-describing so the cost can rise later. */
export async function hashPassword(password: string, N = 2 ** 17): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, N);
  return ['scrypt', N, R, P, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  if (!stored) return false;
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || Number(r) !== R || Number(p) !== P || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await scryptAsync(password, Buffer.from(salt, 'base64'), Number(n));
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash no password matches, used to spend the same time on unknown accounts. */
export const DUMMY_HASH = `scrypt$${2 ** 17}$8$1$${Buffer.alloc(16).toString('base64')}$${Buffer.alloc(32).toString('base64')}`;
