import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { ApiError } from '../errors.js';
import { refusal } from '../../src/domain/messageCodes.js';

/** OWASP password storage cheat sheet: scrypt with N=2^17, r=8, p=1. */
const R = 8;
const P = 1;
const KEY_LENGTH = 32;

/**
 * Bounds the password hashes running at once (each one is ~0.4 s of a core and 128 MB at N=2^17):
 * at most `concurrency` run, `queue` more wait their turn, and beyond that a hash is refused at once
 * with a 503, so a flood of sign-ins queues or is turned away instead of taking every core (issue 43:
 * one login took 17 s while four others were in flight).
 */
export class HashGate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  /** Sign-ins from a browser known to the account (its device token) go before the others. */
  private readonly first: (() => void)[] = [];

  constructor(
    public concurrency: number,
    public queue: number,
  ) {}

  async run<T>(work: () => Promise<T>, priority = false): Promise<T> {
    if (this.running >= this.concurrency) {
      const line = priority ? this.first : this.waiting;
      if (line.length >= this.queue) throw new ApiError(503, refusal('tooManySignInsAtOnce'));
      await new Promise<void>((resolve) => line.push(resolve));
    } else this.running++;
    try {
      return await work();
    } finally {
      const next = this.first.shift() ?? this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }

  /** Hashes running and waiting (for tests and measurements). */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length + this.first.length };
  }
}

/** One hash per core, at most 4 (libuv's default thread pool); 16 more may wait. */
export const hashGate = new HashGate(Math.max(1, Math.min(4, availableParallelism())), 16);

function scryptAsync(password: string, salt: Buffer, N: number, priority = false): Promise<Buffer> {
  const options: ScryptOptions = { N, r: R, p: P, maxmem: 256 * N * R };
  return hashGate.run(
    () =>
      new Promise<Buffer>((resolve, reject) =>
        scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (err, key) => (err ? reject(err) : resolve(key))),
      ),
    priority,
  );
}

/** Returns `scrypt$N$r$p$salt$hash` (base64), self-describing so the cost can rise later. */
export async function hashPassword(password: string, N = 2 ** 17): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, N);
  return ['scrypt', N, R, P, salt.toString('base64'), key.toString('base64')].join('$');
}

/** `priority`: a sign-in from a browser known to the account, served before the others (HashGate). */
export async function verifyPassword(
  password: string,
  stored: string | null | undefined,
  priority = false,
): Promise<boolean> {
  if (!stored) return false;
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || Number(r) !== R || Number(p) !== P || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await scryptAsync(password, Buffer.from(salt, 'base64'), Number(n), priority);
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/**
 * Whether a stored hash was made with other parameters than N (and this module's r, p): the
 * login then hashes the password again, so a change of cost reaches every account that signs in.
 */
export function needsRehash(stored: string, N: number): boolean {
  const [scheme, n, r, p] = stored.split('$');
  return scheme !== 'scrypt' || Number(n) !== N || Number(r) !== R || Number(p) !== P;
}

/** A hash no password matches, at cost N, to spend the same time on unknown accounts as on known ones. */
export const dummyHash = (N = 2 ** 17) =>
  `scrypt$${N}$8$1$${Buffer.alloc(16).toString('base64')}$${Buffer.alloc(32).toString('base64')}`;

/** The dummy hash at the default cost. */
export const DUMMY_HASH = dummyHash();
