import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { checkCode, issueCode, type CodeCheck, type CodePurpose } from '../../auth/codes.js';
import { staffOf } from '../../auth/guard.js';
import { dummyHash, hashPassword, needsRehash, verifyPassword } from '../../auth/passwords.js';
import { ApiError, badRequest, notFound } from '../../errors.js';
import { passwordPolicyError } from '../../../src/domain/passwordRules.js';
import { DEMO_ACCOUNTS } from '../../db/seed/demoAccounts.js';
import { bodyKey, perEmailLimiter, perIpLimit } from './limits.js';
import { bump, peek, purgeExpired, secondsLeft } from '../../auth/counters.js';
import { staffProfile } from './profile.js';
import { openSession, revokeSessions } from './sessions.js';
import { codeMail } from './mails.js';
import {
  cookieValue,
  DEVICE_COOKIE,
  DEVICE_FAILURES_PER_HOUR,
  deviceCookie,
  issueDeviceToken,
  readDeviceToken,
} from '../../auth/deviceToken.js';
import { refusal } from '../../../src/domain/messageCodes.js';

const tags = ['auth'];
const emailBody = (extra: Record<string, object> = {}, required: string[] = []) => ({
  type: 'object',
  required: ['email', ...required],
  properties: { email: { type: 'string', minLength: 3, maxLength: 254 }, ...extra },
});
const otp = { type: 'string', minLength: 1, maxLength: 6 };
const password = { type: 'string', maxLength: 200 };

export const CODE_MESSAGES: Record<Exclude<CodeCheck, 'ok'>, string> = {
  wrong: refusal('incorrectCode'),
  missing: refusal('incorrectCode'),
  expired: refusal('codeExpired'),
  exhausted: refusal('codeExhausted'),
};

export function assertCode(result: CodeCheck): void {
  if (result !== 'ok') throw badRequest(CODE_MESSAGES[result], { otp: CODE_MESSAGES[result] });
}

function assertPasswordPolicy(value: string): void {
  const problem = passwordPolicyError(value);
  if (problem) throw badRequest(problem, { password: problem });
}

const SAME_ANSWER = {
  data: null,
  message: 'If an account exists for this email, a verification code has been sent to it.',
};

export function authRoutes(app: FastifyInstance): void {
  const { db, tokens, config, messenger } = app.services;
  const { rateLimits } = config;
  const dummy = dummyHash(config.scryptN);
  const findStaff = (email: string) =>
    db
      .selectFrom('staffs')
      .selectAll()
      .where(sql`lower(email)`, '=', email.trim().toLowerCase())
      .executeTakeFirst();

  /** The newest live code for an address and which purpose it serves. */
  const livePurpose = async (email: string): Promise<CodePurpose | undefined> => {
    const row = await db
      .selectFrom('codes')
      .select('purpose')
      .where(sql`lower(email)`, '=', email.trim().toLowerCase())
      .where('consumedAt', 'is', null)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row?.purpose as CodePurpose | undefined;
  };

  const sendCode = async (email: string, purpose: CodePurpose) => {
    const code = await issueCode(db, config.jwtSecret, email, purpose);
    await messenger.sendMail(codeMail(email, purpose, code));
  };

  // Sign-in limits (README "Sign-in limits"): per address (the route's limit), per address and
  // account (this one), and account-wide failures over an hour, slow enough that an attacker at
  // one address cannot lock the real owner out within the first minutes.
  const loginLimit = perEmailLimiter(
    app,
    'login',
    rateLimits.perEmail,
    (request) => `${request.ip}|${bodyKey(request, 'email')}`,
  );
  const accountKey = (email: string) => `login-fail:${email.trim().toLowerCase()}`;
  // The sign-in counters whose windows ended are forgotten hourly (any process may do it).
  let purge: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    purge = setInterval(() => void purgeExpired(db).catch(() => undefined), 60 * 60_000).unref();
  });
  app.addHook('onClose', async () => clearInterval(purge));
  app.post(
    '/auth/login',
    {
      config: { access: 'public', rateLimit: perIpLimit(rateLimits.loginPerIp, rateLimits.windowMs) },
      preHandler: loginLimit,
      schema: {
        tags,
        summary: 'Sign in with email and password',
        body: emailBody({ password }, ['password']),
      },
    },
    async (request, reply) => {
      const { email, password: given } = request.body as { email: string; password: string };
      const staff = await findStaff(email);
      // A browser that signed in to this account before (its device token, README "Sign-in limits")
      // is counted on its own and not refused by the account-wide lock that anonymous attempts trip.
      const known = readDeviceToken(config.jwtSecret, cookieValue(request.headers.cookie, DEVICE_COOKIE));
      const device = known && staff && known.staffId === staff.id ? known.device : undefined;
      const failureKey = device ? `login-fail-device:${device}` : accountKey(email);
      const limit = device ? DEVICE_FAILURES_PER_HOUR : config.authLimits.accountFailuresPerHour;
      const failures = await peek(db, failureKey);
      if (failures && failures.count >= limit)
        throw new ApiError(
          429,
          device
            ? refusal('tooManyBrowserFailures', { minutes: Math.ceil(secondsLeft(failures.resetAt) / 60) })
            : refusal('tooManyAccountFailures', { minutes: Math.ceil(secondsLeft(failures.resetAt) / 60) }),
        );
      // Spend the same time whether or not the account exists (the dummy hash costs what a real one does).
      const ok = await verifyPassword(given, staff?.passwordHash ?? dummy, Boolean(device));
      if (!staff || !ok) {
        // Counted for unknown addresses too: the answer must not tell which accounts exist.
        const counted = await bump(db, failureKey, 60 * 60_000);
        if (counted.count === limit)
          request.log.warn(
            { staffId: staff?.id ?? null, failures: counted.count, device: Boolean(device) },
            device
              ? 'staff login: a known browser reached its failure limit'
              : 'staff login: account-wide failure limit reached',
          );
        throw new ApiError(401, refusal('invalidCredentials'));
      }
      if (staff.status !== 'active') throw new ApiError(403, refusal('accountDeactivated'));
      if (staff.passwordHash && needsRehash(staff.passwordHash, config.scryptN)) {
        // The cost changed since this hash was made: store one at today's cost, after answering
        // (it takes as long as the check), and only over the hash that was checked.
        const old = staff.passwordHash;
        setImmediate(() => {
          hashPassword(given, config.scryptN)
            .then((passwordHash) =>
              db
                .updateTable('staffs')
                .set({ passwordHash })
                .where('id', '=', staff.id)
                .where('passwordHash', '=', old)
                .execute(),
            )
            .catch((error: unknown) => request.log.warn({ err: error }, 'password rehash failed'));
        });
      }
      // This browser is known to this account from now on.
      reply.header(
        'set-cookie',
        deviceCookie(issueDeviceToken(config.jwtSecret, staff.id), request.protocol === 'https'),
      );
      // The profile comes with the token, so the panel needs no auth/me round trip before its first screen.
      const accessToken = await openSession(db, tokens, staff.id); // records the sign-in time the profile shows
      return { data: { accessToken, profile: await staffProfile(db, staff.id) } };
    },
  );

  app.get(
    '/auth/me',
    {
      config: { access: 'authenticated' },
      schema: { tags, summary: 'The signed-in staff member’s profile with role and permissions' },
    },
    async (request) => ({ data: await staffProfile(db, staffOf(request).id) }),
  );

  app.post(
    '/auth/logout',
    {
      config: { access: 'authenticated' },
      schema: { tags, summary: 'Ends the current session; its token stops working at once' },
    },
    async (request) => {
      await revokeSessions(app.services, { sessionId: staffOf(request).sessionId });
      return { data: null, message: 'Logged out' };
    },
  );

  const forgotLimit = perEmailLimiter(app, 'forgot', rateLimits.perEmail);
  app.post(
    '/auth/forgot_password',
    {
      config: { access: 'public', rateLimit: perIpLimit(rateLimits.loginPerIp, rateLimits.windowMs) },
      preHandler: forgotLimit,
      schema: {
        tags,
        summary: 'Mails a password-reset code; answers the same whether or not the account exists',
        body: emailBody(),
      },
    },
    async (request) => {
      const { email } = request.body as { email: string };
      const staff = await findStaff(email);
      if (staff && staff.status === 'active') await sendCode(staff.email, 'password_reset');
      return SAME_ANSWER;
    },
  );

  const resendLimit = perEmailLimiter(app, 'resend', rateLimits.perEmail);
  app.post(
    '/auth/staffs/resend_otp',
    {
      config: { access: 'public', rateLimit: perIpLimit(rateLimits.loginPerIp, rateLimits.windowMs) },
      preHandler: resendLimit,
      schema: { tags, summary: 'Mails a fresh code for the code the account is waiting for', body: emailBody() },
    },
    async (request) => {
      const { email } = request.body as { email: string };
      const staff = await findStaff(email);
      if (staff && staff.status === 'active') {
        const purpose =
          (await livePurpose(staff.email)) ?? (staff.passwordHash ? 'password_reset' : 'email_verification');
        await sendCode(staff.email, purpose);
      }
      return SAME_ANSWER;
    },
  );

  const verifyLimit = perEmailLimiter(app, 'verify', rateLimits.perEmail * 2);
  app.post(
    '/auth/verify_email',
    {
      config: { access: 'public', rateLimit: perIpLimit(rateLimits.loginPerIp, rateLimits.windowMs) },
      preHandler: verifyLimit,
      schema: {
        tags,
        summary:
          'Checks a code. A reset or invitation code stays valid for the next step; a plain verification code signs in when getToken is 1',
        body: emailBody({ otp, getToken: { type: 'integer', enum: [0, 1] } }, ['otp']),
      },
    },
    async (request) => {
      const { email, otp: code, getToken } = request.body as { email: string; otp: string; getToken?: number };
      const staff = await findStaff(email);
      const purpose = staff ? await livePurpose(staff.email) : undefined;
      if (!staff || !purpose || staff.status !== 'active')
        throw badRequest(CODE_MESSAGES.wrong, { otp: CODE_MESSAGES.wrong });
      // Reset codes and invitation codes are consumed by reset_password / set_password.
      const finalStep = purpose === 'email_verification' && staff.passwordHash !== null;
      assertCode(await checkCode(db, config.jwtSecret, staff.email, purpose, code, { consume: finalStep }));
      if (purpose === 'email_verification') {
        await db.updateTable('staffs').set({ emailVerifiedAt: new Date() }).where('id', '=', staff.id).execute();
      }
      const accessToken = finalStep && getToken === 1 ? await openSession(db, tokens, staff.id) : undefined;
      return { data: { accessToken, setPassword: staff.passwordHash === null }, message: 'Code verified' };
    },
  );

  app.post(
    '/auth/reset_password',
    {
      config: { access: 'public', rateLimit: perIpLimit(rateLimits.loginPerIp, rateLimits.windowMs) },
      preHandler: verifyLimit,
      schema: {
        tags,
        summary: 'Sets a new password with a reset code; other sessions end',
        body: emailBody({ otp, password }, ['otp', 'password']),
      },
    },
    async (request) => {
      const { email, otp: code, password: next } = request.body as { email: string; otp: string; password: string };
      assertPasswordPolicy(next);
      const staff = await findStaff(email);
      if (!staff || staff.status !== 'active') throw badRequest(CODE_MESSAGES.wrong, { otp: CODE_MESSAGES.wrong });
      assertCode(await checkCode(db, config.jwtSecret, staff.email, 'password_reset', code, { consume: true }));
      await db
        .updateTable('staffs')
        .set({ passwordHash: await hashPassword(next, config.scryptN), updatedAt: new Date() })
        .where('id', '=', staff.id)
        .execute();
      await revokeSessions(app.services, { staffId: staff.id });
      return { data: { accessToken: await openSession(db, tokens, staff.id) }, message: 'Password changed' };
    },
  );

  app.post(
    '/auth/set_password',
    {
      config: { access: 'public', rateLimit: perIpLimit(rateLimits.loginPerIp, rateLimits.windowMs) },
      preHandler: verifyLimit,
      schema: {
        tags,
        summary: 'Creates the first password of an invited account, with the code verified in the step before',
        body: emailBody({ otp, password }, ['otp', 'password']),
      },
    },
    async (request) => {
      const { email, otp: code, password: next } = request.body as { email: string; otp: string; password: string };
      assertPasswordPolicy(next);
      const staff = await findStaff(email);
      if (!staff || staff.status !== 'active') throw badRequest(CODE_MESSAGES.wrong, { otp: CODE_MESSAGES.wrong });
      if (staff.passwordHash) throw badRequest(refusal('alreadyHasPassword'));
      assertCode(await checkCode(db, config.jwtSecret, staff.email, 'email_verification', code, { consume: true }));
      await db
        .updateTable('staffs')
        .set({
          passwordHash: await hashPassword(next, config.scryptN),
          emailVerifiedAt: new Date(),
          updatedAt: new Date(),
        })
        .where('id', '=', staff.id)
        .execute();
      return { data: { accessToken: await openSession(db, tokens, staff.id) }, message: 'Password created' };
    },
  );

  app.get(
    '/auth/demo-accounts',
    {
      config: { access: 'public' },
      schema: { tags, summary: 'The demo accounts, when the server runs with demo data (404 otherwise)' },
    },
    async () => {
      if (!config.seedDemo || config.env === 'production') throw notFound();
      return {
        data: DEMO_ACCOUNTS.map(({ email, password: pw, roleName }) => ({ email, password: pw, role: roleName })),
      };
    },
  );
}
