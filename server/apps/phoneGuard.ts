import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { AuthLimits } from '../config.js';
import type { Db } from '../db/index.js';
import { ApiError } from '../errors.js';
import { bump, lockUntil, maskPhone, peek, secondsLeft } from '../auth/counters.js';
import { bodyKey } from '../user/auth/limits.js';
import { toE164 } from '../../src/domain/fieldRules.js';

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

/** The phone of an app sign-in body as the limits key it: the canonical number when it is one. */
export const canonicalPhone = (request: FastifyRequest): string => {
  const raw = bodyKey(request, 'phone');
  return toE164(raw) ?? raw;
};

const minutes = (resetAt: number, now: number) => `${Math.ceil(secondsLeft(resetAt, now) / 60)} minutes`;

/**
 * The long-window limits of the apps' phone sign-in, per canonical phone and shared by every
 * process (database counters): wrong codes lock the phone's sign-in for an hour, and codes texted
 * are capped per hour and per day. A code itself dies after 5 wrong tries (server/auth/codes.ts).
 */
export class PhoneGuard {
  constructor(
    private readonly db: Db,
    private readonly limits: AuthLimits,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** 429 while the phone's sign-in is locked. */
  async assertOpen(phone: string, now = Date.now()): Promise<void> {
    const lock = await peek(this.db, `apps-lock:${phone}`, now);
    if (lock)
      throw new ApiError(
        429,
        `Too many wrong codes for this number. Sign-in is locked; please try again in ${minutes(lock.resetAt, now)}.`,
      );
  }

  /** Counts a code about to be texted to this phone; 429 past the hour's or the day's allowance. */
  async countSms(phone: string, now = Date.now()): Promise<void> {
    const hour = await bump(this.db, `apps-sms-hour:${phone}`, HOUR_MS, now);
    const day = await bump(this.db, `apps-sms-day:${phone}`, DAY_MS, now);
    const over =
      day.count > this.limits.smsPerPhoneDay ? day : hour.count > this.limits.smsPerPhoneHour ? hour : undefined;
    if (over)
      throw new ApiError(
        429,
        `Too many codes were sent to this number. Please try again in ${minutes(over.resetAt, now)}.`,
      );
  }

  /** Counts a failed code check; the one that reaches the hour's allowance locks the phone's sign-in. */
  async failed(phone: string, now = Date.now()): Promise<void> {
    const failures = await bump(this.db, `apps-fail:${phone}`, HOUR_MS, now);
    if (failures.count < this.limits.codeFailuresPerPhone) return;
    await lockUntil(this.db, `apps-lock:${phone}`, now + this.limits.phoneLockMs);
    if (failures.count === this.limits.codeFailuresPerPhone)
      this.log.warn(
        { phone: maskPhone(phone), failures: failures.count, lockedMinutes: this.limits.phoneLockMs / 60_000 },
        'apps sign-in: too many wrong codes, phone locked',
      );
  }
}
