import { flushReviewTexts } from './reviewTexts.js';
import { toE164 } from '../../../src/domain/fieldRules.js';
import type { FastifyInstance } from 'fastify';
import { issueCode } from '../../auth/codes.js';
import { validateBody } from '../../rest/engine.js';
import { bodyKey, perEmailLimiter, perIpLimit } from '../auth/limits.js';
import { codeMail } from '../auth/mails.js';
import { drivers as driversManifest } from '../../../src/domain/resources/drivers.js';
import { cityToday, insertDocuments, refreshApproval, type NewDocument } from './documents.js';
import { badRequest } from '../../errors.js';
import { claimFiles } from '../../files/attach.js';
import { registrationNotice } from './registration.js';
import { refusal } from '../../../src/domain/messageCodes.js';

/** App-facing driver sign-up and the staff action that re-sends a driver's phone code. */
export function driverRoutes(app: FastifyInstance): void {
  const { db, config, messenger } = app.services;
  // Review decisions still waiting for their one SMS go out before the server stops.
  app.addHook('preClose', () => flushReviewTexts(messenger));

  const sendPhoneCode = async (phone: string) => {
    const code = await issueCode(db, config.jwtSecret, phone, 'phone_verification');
    await messenger.sendSms(phone, codeMail(phone, 'phone_verification', code).text);
  };

  app.post(
    '/drivers/register',
    {
      config: { access: 'public', rateLimit: perIpLimit(config.rateLimits.loginPerIp, config.rateLimits.windowMs) },
      schema: {
        tags: ['drivers'],
        summary: 'Driver sign-up from the driver app: creates a pending driver, notifies staff and texts a phone code',
      },
    },
    async (request, reply) => {
      const { documents, ...input } = await validateBody(driversManifest.create!, request.body);
      // At sign-up a licence or document that has already expired is refused: it could never be approved.
      const today = cityToday();
      const expired: Record<string, string> = {};
      if (typeof input.licenceExpiry === 'string' && input.licenceExpiry < today)
        expired.licenceExpiry = 'Licence expiry cannot be in the past';
      ((documents ?? []) as { expiryDate?: string | null }[]).forEach((document, i) => {
        const expiry = document.expiryDate;
        if (typeof expiry === 'string' && expiry < today)
          expired[`documents[${i}].expiryDate`] = 'Expiry date cannot be in the past';
      });
      if (Object.keys(expired).length) throw badRequest(refusal('highlighted'), expired);
      const { send, driver } = await db.transaction().execute(async (trx) => {
        // The app's sign-up attaches no stored file (server/files/attach.ts).
        await claimFiles(trx, null, { table: 'drivers' }, [{ field: 'photo', fileId: input.photo, purpose: 'photo' }]);
        const created = await trx
          .insertInto('drivers')
          .values({ ...input, approvalStatus: 'pending' } as never)
          .returningAll()
          .executeTakeFirstOrThrow();
        await insertDocuments(trx, created.id, (documents ?? []) as NewDocument[], null);
        await refreshApproval(trx, created.id);
        return { driver: created, send: await registrationNotice(trx, app.services, created) };
      });
      await send();
      await sendPhoneCode(driver.phone);
      return reply.status(201).send({
        data: { id: driver.id, approvalStatus: driver.approvalStatus },
        message: 'Registration received. We will review your documents.',
      });
    },
  );

  const resendLimit = perEmailLimiter(app, 'driver-resend', config.rateLimits.perEmail, (request) =>
    bodyKey(request, 'phoneNumber'),
  );
  app.post(
    '/drivers/resend_otp',
    {
      config: { access: 'update-Driver' },
      preHandler: resendLimit,
      schema: {
        tags: ['drivers'],
        summary: 'Texts a new phone verification code to a driver',
        body: {
          type: 'object',
          required: ['phoneNumber'],
          properties: { phoneNumber: { type: 'string', minLength: 7, maxLength: 20 } },
        },
      },
    },
    async (request) => {
      const { phoneNumber } = request.body as { phoneNumber: string };
      const driver = await db
        .selectFrom('drivers')
        .select('phone')
        .where('phone', '=', toE164(phoneNumber) ?? phoneNumber.trim())
        .executeTakeFirst();
      if (driver) await sendPhoneCode(driver.phone);
      return { data: null, message: `Verification code sent to ${phoneNumber} successfully` };
    },
  );
}
