import * as yup from 'yup';
import type { FastifyInstance } from 'fastify';
import { checkCode, issueCode } from '../auth/codes.js';
import type { AppKind } from '../auth/tokens.js';
import { ApiError } from '../errors.js';
import { validateBody } from '../rest/engine.js';
import { perEmailLimiter, perIpLimit } from '../user/auth/limits.js';
import { codeMail } from '../user/auth/mails.js';
import { assertCode } from '../user/auth/routes.js';
import { PHONE_MESSAGE, toE164 } from '../../src/domain/fieldRules.js';
import { appRefusal, appUserOf } from './principal.js';
import { canonicalPhone, PhoneGuard } from './phoneGuard.js';
import { refusal } from '../../src/domain/messageCodes.js';

export const APP_KINDS: readonly AppKind[] = ['driver', 'passenger'];
export const tags = ['apps'];

/** The OpenAPI description of the "apps" tag: the HTTP routes below, and the Socket.IO side they cannot show. */
export const APPS_TAG = {
  name: 'apps',
  description: `The driver and passenger apps' API, under /api/trip/apps. Sign in by phone: POST apps/{driver|passenger}/request-code texts a 6-digit code, POST apps/{kind}/sign-in answers an app token (\`Authorization: Bearer …\`). App tokens are refused on staff routes and staff tokens here (403); a driver token on passenger routes too. Rate-limited per IP and per phone like the staff sign-in.

**Driver socket** (Socket.IO, namespace \`/drivers\`, path /socket.io, \`auth: {token}\` with a driver token; refused without one):
- the app emits \`position\` \`{lat, lng, heading, speed, at}\` once a second while online (heading in degrees from north, speed in km/h, \`at\` the ISO time of the fix), acknowledged \`{ok: true}\` or \`{ok: false, reason}\`: a position outside the service area (\`outside\`), from a driver who is not online (\`offline\`), older than 30 s (\`stale\`), more than 5 s ahead (\`future\`), malformed or out of bounds (\`invalid\`: latitude ±90, longitude ±180, heading ±720, normalised to 0–359, speed -1 to 300 km/h) or more than 4 a second (\`too_fast\`) is dropped, counted and never stored;
- the server emits \`offer\` \`{offerId, tripId, expiresAt, distanceKm, pickup, dropoff, fareTotal, paymentMethod, vehicleTypeId}\` (answer with POST apps/driver/offers/{id}/accept or decline within 15 s), \`offerWithdrawn\` \`{offerId, tripId, reason}\`, \`trip\` \`{id, status, driverId}\` when the driver's trip changes elsewhere, and \`offline\` when the driver went offline (the app's own request, or silent for 5 minutes).

A driver silent for 60 s is shown to dispatchers as lost, and is offline after 5 minutes. The latest position is written to the driver's record at most every 30 s.`,
};

const phoneField = yup
  .string()
  .typeError(PHONE_MESSAGE)
  .trim()
  .required(refusal('required', { label: 'phone' }))
  .test('e164', PHONE_MESSAGE, (v) => !v || toE164(v) !== undefined)
  .transform((v: unknown) => (typeof v === 'string' ? (toE164(v) ?? v) : v));
const requestSchema = yup.object({ phone: phoneField });
const signInSchema = yup.object({
  phone: phoneField,
  otp: yup
    .string()
    .typeError('otp must be the 6-digit code')
    .trim()
    .required(refusal('required', { label: 'otp' })),
});

/** Codes are keyed by kind and phone: a driver who also rides has two independent sign-ins. */
const codeKey = (kind: AppKind, phone: string) => `${kind}:${phone}`;

const SAME_ANSWER = {
  data: null,
  message: 'If an account exists for this phone number, a sign-in code has been sent to it by SMS.',
};

/**
 * The apps' sign-in: POST apps/{driver|passenger}/request-code {phone} texts a 6-digit code
 * (hashed, 10 minutes, 5 tries: server/auth/codes.ts; the phone's hourly and daily limits:
 * phoneGuard.ts); POST apps/{kind}/sign-in {phone, otp} answers an app token of that kind.
 * POST apps/sign-out ends it; GET apps/me says who it is.
 */
export function appAuthRoutes(app: FastifyInstance): void {
  const { db, tokens, config, messenger } = app.services;
  const ipLimit = perIpLimit(config.rateLimits.appsPerIp ?? config.rateLimits.loginPerIp, config.rateLimits.windowMs);
  const guard = new PhoneGuard(db, config.authLimits, app.log);

  const findSubject = async (kind: AppKind, phone: string) =>
    kind === 'driver'
      ? db.selectFrom('drivers').select(['id']).where('phone', '=', phone).executeTakeFirst()
      : db.selectFrom('passengers').select(['id']).where('phone', '=', phone).executeTakeFirst();

  for (const kind of APP_KINDS) {
    // Keyed on the canonical number: `+254 712-345 678` and `+254712345678` are one phone.
    const phoneLimit = perEmailLimiter(app, `apps-${kind}`, config.rateLimits.perEmail, canonicalPhone);
    app.post(
      `/apps/${kind}/request-code`,
      {
        config: {
          access: 'public',
          rateLimit: ipLimit,
          bodyDocs: { type: 'object', required: ['phone'], properties: { phone: { type: 'string' } } },
        },
        preHandler: phoneLimit,
        schema: {
          tags,
          summary: `Texts a sign-in code to a ${kind}`,
          description: `The same answer whether or not a ${kind} has this number; the 6-digit code goes by SMS (the development outbox without an SMS transport), is valid 10 minutes and allows 5 wrong tries. Rate-limited per IP and per phone (the number as normalised, however it is spelled); at most ${config.authLimits.smsPerPhoneHour} codes an hour and ${config.authLimits.smsPerPhoneDay} a day per phone (429 beyond).`,
        },
      },
      async (request) => {
        const { phone } = await validateBody(requestSchema, request.body);
        await guard.assertOpen(phone as string);
        // Counted whether or not the number has an account, so the answer stays the same.
        await guard.countSms(phone as string);
        const subject = await findSubject(kind, phone as string);
        if (subject && !(await appRefusal(db, kind, subject.id))) {
          const code = await issueCode(db, config.jwtSecret, codeKey(kind, phone as string), 'app_sign_in');
          await messenger.sendSms(phone as string, codeMail(phone as string, 'app_sign_in', code).text);
        }
        return SAME_ANSWER;
      },
    );

    app.post(
      `/apps/${kind}/sign-in`,
      {
        config: {
          access: 'public',
          rateLimit: ipLimit,
          bodyDocs: {
            type: 'object',
            required: ['phone', 'otp'],
            properties: { phone: { type: 'string' }, otp: { type: 'string' } },
          },
        },
        preHandler: phoneLimit,
        schema: {
          tags,
          summary: `Signs a ${kind} in with the texted code`,
          description: `Answers \`{data: {accessToken, expiresAt, ${kind}Id}}\`: a ${kind} app token (Authorization: Bearer …) that staff routes refuse with 403. A wrong code is 400 'Incorrect verification code'; a ${kind === 'driver' ? 'suspended or unapproved driver' : 'blocked passenger'} is 403 with the reason. ${config.authLimits.codeFailuresPerPhone} wrong codes for a phone within an hour lock its sign-in for an hour (429).`,
        },
      },
      async (request) => {
        const { phone, otp } = await validateBody(signInSchema, request.body);
        await guard.assertOpen(phone as string);
        const key = codeKey(kind, phone as string);
        const check = await checkCode(db, config.jwtSecret, key, 'app_sign_in', otp as string, { consume: true });
        if (check !== 'ok') await guard.failed(phone as string);
        assertCode(check);
        const subject = await findSubject(kind, phone as string);
        if (!subject) throw new ApiError(400, 'Incorrect verification code', { otp: 'Incorrect verification code' });
        const refusal = await appRefusal(db, kind, subject.id);
        if (refusal) throw new ApiError(403, refusal);
        const sessionId = tokens.newSessionId();
        const { token, expiresAt } = await tokens.sign({ staffId: subject.id, sessionId, app: kind });
        await db.insertInto('appSessions').values({ id: sessionId, kind, subjectId: subject.id, expiresAt }).execute();
        return { data: { accessToken: token, expiresAt: expiresAt.toISOString(), [`${kind}Id`]: subject.id } };
      },
    );
  }

  app.post(
    '/apps/sign-out',
    { config: { access: 'app:any' }, schema: { tags, summary: 'Ends this app session (the token stops working)' } },
    async (request) => {
      const user = appUserOf(request);
      await db.updateTable('appSessions').set({ revokedAt: new Date() }).where('id', '=', user.sessionId).execute();
      app.services.events.emit('appSessionEnded', { sessionId: user.sessionId, kind: user.kind, id: user.id });
      return { data: null, message: 'Signed out' };
    },
  );

  app.get(
    '/apps/me',
    { config: { access: 'app:any' }, schema: { tags, summary: 'Who this app token belongs to' } },
    async (request) => {
      const user = appUserOf(request);
      if (user.kind === 'driver') {
        const d = await db
          .selectFrom('drivers')
          .select(['id', 'firstName', 'lastName', 'phone', 'vehicleTypeId', 'vehiclePlate', 'rating', 'online'])
          .where('id', '=', user.id)
          .executeTakeFirstOrThrow();
        return { data: { kind: user.kind, ...d } };
      }
      const p = await db
        .selectFrom('passengers')
        .select(['id', 'firstName', 'lastName', 'phone', 'rating'])
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow();
      return { data: { kind: user.kind, ...p } };
    },
  );
}
