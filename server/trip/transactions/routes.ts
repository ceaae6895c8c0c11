import * as yup from 'yup';
import type { FastifyInstance } from 'fastify';
import { staffOf } from '../../auth/guard.js';
import { notFound } from '../../errors.js';
import { recordAudit } from '../../rest/audit.js';
import { validateBody } from '../../rest/engine.js';
import { CITY } from '../../../src/domain/city.js';
import { text } from '../fields.js';
import { postTransaction } from './ledger.js';

const creditSchema = yup.object({
  amount: yup
    .number()
    .typeError('Amount must be a number')
    .required('Amount is required')
    .moreThan(0, 'Amount must be more than 0')
    .max(1_000_000, 'Amount must be at most 1,000,000')
    .test(
      'cents',
      'Amount may have at most 2 decimals',
      (v) => v === undefined || Math.abs(Math.round(v * 100) - v * 100) < 1e-6,
    ),
  note: text('Note', 300, true).nullable(),
});

export function transactionRoutes(app: FastifyInstance): void {
  const { db } = app.services;
  app.post(
    '/drivers/:id/credit',
    {
      config: {
        access: 'update-Driver',
        bodyDocs: {
          type: 'object',
          required: ['amount'],
          properties: { amount: { type: 'number', description: 'KES, more than 0' }, note: { type: 'string' } },
        },
      },
      schema: {
        tags: ['driver-transactions'],
        summary: "Top up a driver's credit",
        description:
          "Adds to the driver's credit balance and writes the credit_topup transaction in the same database transaction; concurrent top-ups stay exact.",
        params: { type: 'object', properties: { id: { type: 'string', pattern: '^[0-9]{1,9}$' } }, required: ['id'] },
      },
    },
    async (request, reply) => {
      const driverId = Number((request.params as { id: string }).id);
      const input = await validateBody(creditSchema, request.body);
      const staff = staffOf(request);
      const amount = Math.round(input.amount * 100) / 100;
      const transaction = await db.transaction().execute(async (trx) => {
        const exists = await trx.selectFrom('drivers').select('id').where('id', '=', driverId).executeTakeFirst();
        if (!exists) throw notFound('No driver with this id');
        const row = await postTransaction(trx, {
          driverId,
          kind: 'credit_topup',
          amount,
          staffId: staff.id,
          note: input.note ?? 'Credit top-up',
        });
        await recordAudit(trx, {
          staffId: staff.id,
          resource: 'driver-transactions',
          recordId: row.id,
          action: 'create',
          after: { ...row },
        });
        return row;
      });
      return reply.status(201).send({
        data: { transaction, creditBalance: transaction.balanceAfter },
        message: `${CITY.currency} ${amount.toFixed(2)} credited. New balance: ${CITY.currency} ${transaction.balanceAfter.toFixed(2)}`,
      });
    },
  );
}
