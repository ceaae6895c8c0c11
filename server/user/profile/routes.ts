import type { FastifyInstance } from 'fastify';
import * as yup from 'yup';
import { staffOf } from '../../auth/guard.js';
import { hashPassword, verifyPassword } from '../../auth/passwords.js';
import { badRequest } from '../../errors.js';
import { recordAudit } from '../../rest/audit.js';
import { validateBody } from '../../rest/engine.js';
import { fileId, oneOf, requiredName } from '../../../src/domain/fieldRules.js';
import { LOCALES } from '../../../src/domain/locales.js';
import { newPasswordField } from '../../../src/domain/passwordRules.js';
import { staffProfile } from '../auth/profile.js';
import { revokeSessions } from '../auth/sessions.js';
import { refusal } from '../../../src/domain/messageCodes.js';
import { claimFiles } from '../../files/attach.js';

const profileSchema = yup.object({
  firstName: requiredName('First name'),
  lastName: requiredName('Last name'),
  photo: fileId(),
});

const localeSchema = yup.object({
  locale: oneOf(LOCALES, 'Language').required(refusal('required', { label: 'Language' })),
});

const passwordSchema = yup.object({
  currentPassword: yup.string().required(refusal('currentPasswordRequired')),
  password: newPasswordField(),
});

/** The signed-in staff member's own profile: any role may edit its names and photo and change its password. */
export function profileRoutes(app: FastifyInstance): void {
  const { db, config } = app.services;

  app.put(
    '/auth/profile',
    {
      config: {
        access: 'authenticated',
        bodyDocs: {
          type: 'object',
          properties: {
            firstName: { type: 'string' },
            lastName: { type: 'string' },
            photo: { type: ['integer', 'null'] },
          },
        },
      },
      schema: { tags: ['auth'], summary: 'Updates the signed-in staff member’s names and photo' },
    },
    async (request) => {
      const me = staffOf(request);
      const input = await validateBody(profileSchema, request.body);
      const before = await staffProfile(db, me.id);
      await db.transaction().execute(async (trx) => {
        await claimFiles(trx, me.id, { table: 'staffs', id: me.id }, [
          { field: 'photo', fileId: input.photo, purpose: 'photo' },
        ]);
        await trx
          .updateTable('staffs')
          .set({ ...input, updatedAt: new Date() })
          .where('id', '=', me.id)
          .execute();
        await recordAudit(trx, {
          staffId: me.id,
          resource: 'staffs',
          recordId: me.id,
          action: 'update',
          before: { firstName: before?.firstName, lastName: before?.lastName, photo: before?.photo },
          after: { firstName: input.firstName, lastName: input.lastName, photo: input.photo ?? null },
        });
      });
      return { data: await staffProfile(db, me.id), message: 'Profile saved' };
    },
  );

  app.put(
    '/auth/locale',
    {
      config: {
        access: 'authenticated',
        bodyDocs: {
          type: 'object',
          required: ['locale'],
          properties: { locale: { type: 'string', enum: [...LOCALES] } },
        },
      },
      schema: { tags: ['auth'], summary: 'Saves the signed-in staff member’s panel language (en, sw or fr)' },
    },
    async (request) => {
      const me = staffOf(request);
      const { locale } = await validateBody(localeSchema, request.body);
      await db.updateTable('staffs').set({ locale, updatedAt: new Date() }).where('id', '=', me.id).execute();
      return { data: await staffProfile(db, me.id), message: 'Language saved' };
    },
  );

  app.post(
    '/auth/change_password',
    {
      config: {
        access: 'authenticated',
        rateLimit: { max: config.rateLimits.perEmail, timeWindow: config.rateLimits.windowMs },
        bodyDocs: {
          type: 'object',
          required: ['currentPassword', 'password'],
          properties: { currentPassword: { type: 'string' }, password: { type: 'string' } },
        },
      },
      schema: { tags: ['auth'], summary: 'Changes the signed-in staff member’s password; their other sessions end' },
    },
    async (request) => {
      const me = staffOf(request);
      const input = await validateBody(passwordSchema, request.body);
      const row = await db
        .selectFrom('staffs')
        .select('passwordHash')
        .where('id', '=', me.id)
        .executeTakeFirstOrThrow();
      if (!(await verifyPassword(input.currentPassword, row.passwordHash))) {
        throw badRequest(refusal('currentPasswordWrong'), {
          currentPassword: refusal('currentPasswordWrong'),
        });
      }
      await db
        .updateTable('staffs')
        .set({ passwordHash: await hashPassword(input.password, config.scryptN), updatedAt: new Date() })
        .where('id', '=', me.id)
        .execute();
      await revokeSessions(app.services, { staffId: me.id, exceptSessionId: me.sessionId });
      return { data: null, message: 'Password changed' };
    },
  );
}
