import type { FastifyInstance } from 'fastify';
import { PAYOUT_PERMISSION } from '../../../src/domain/permissions.js';
import { sql } from 'kysely';
import type { Transaction } from 'kysely';
import type { Db } from '../../db/index.js';
import type { Database } from '../../db/schema.js';
import { ApiError, notFound } from '../../errors.js';
import { csvRow } from '../../rest/csv.js';
import { errorSchema, parseId } from '../../rest/engine.js';
import { fromCents, toCents } from '../../../src/domain/payouts.js';
import { codeOf, refusal } from '../../../src/domain/messageCodes.js';
import {
  bankTransferRows,
  mpesaRows,
  splitForFiles,
  totalCents,
  type PaymentFiles,
} from '../../../src/domain/payoutFiles.js';

const idParams = { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] };

const DESTINATION = ['payout_method', 'bank_code', 'bank_branch_code', 'bank_account_holder', 'bank_account_number'];
/** A line's destination: as frozen at approval (p), else (a batch in review) its driver's details now (d). */
const destination = (column: string) =>
  sql<string | null>`(case when p.batch_id is null then ${sql.ref(`d.${column}`)} else ${sql.ref(`p.${column}`)} end)`;

/** A batch's lines with where each is paid, split by file. */
export async function readFiles(db: Db | Transaction<Database>, batchId: number): Promise<PaymentFiles> {
  const lines = await db
    .selectFrom('payoutLines as l')
    .innerJoin('drivers as d', 'd.id', 'l.driverId')
    .leftJoin('payoutDestinations as p', (join) =>
      join.onRef('p.batchId', '=', 'l.batchId').onRef('p.driverId', '=', 'l.driverId'),
    )
    .select([
      'l.driverId',
      'l.driverName',
      'l.phone',
      sql<string>`l.amount::text`.as('amount'),
      sql<string>`${destination('payout_method')}`.as('payoutMethod'),
      destination('bank_code').as('bankCode'),
      destination('bank_branch_code').as('bankBranchCode'),
      destination('bank_account_holder').as('bankAccountHolder'),
      destination('bank_account_number').as('bankAccountNumber'),
    ])
    .where('l.batchId', '=', batchId)
    .orderBy('l.amount', 'desc')
    .orderBy('l.driverId')
    .execute();
  return splitForFiles(lines.map(({ amount, ...l }) => ({ ...l, amountCents: toCents(amount) })));
}

/** 409 naming the drivers no file can pay, and why. */
export const refusedError = (files: PaymentFiles) =>
  new ApiError(
    409,
    `${files.refused.length} driver(s) cannot be paid: ${files.refused
      .map((r) => `${r.driverName} (${r.reason})`)
      .join('; ')}. Fix their payout details first.`,
  );

/** Approval: every line's destination as its driver's details are now, frozen for the files. */
export async function freezeDestinations(trx: Transaction<Database>, batchId: number): Promise<void> {
  const columns = sql.join(DESTINATION.map((c) => sql.raw(c)));
  const values = sql.join(DESTINATION.map((c) => sql.raw(`d.${c}`)));
  await sql`insert into payout_destinations (batch_id, driver_id, ${columns})
    select l.batch_id, l.driver_id, ${values} from payout_lines l join drivers d on d.id = l.driver_id
    where l.batch_id = ${batchId}`.execute(trx);
}

const FILE_DESCRIPTION =
  ' Only an approved (or paid) batch: 409 before approval (four eyes). Each line is paid where it was when the batch was approved (the approval freezes the drivers’ payout details for the batch), so a driver’s details changed later do not redirect an approved payment.';

/** What the two files pay and what neither can, with the reasons (before and after approval). */
const summarySchema = {
  type: 'object',
  properties: {
    mpesa: { type: 'object', properties: { lines: { type: 'integer' }, total: { type: 'number' } } },
    bank: { type: 'object', properties: { lines: { type: 'integer' }, total: { type: 'number' } } },
    refused: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          driverId: { type: 'integer' },
          driverName: { type: 'string' },
          amount: { type: 'number' },
          payoutMethod: { type: 'string' },
          field: { type: 'string' },
          reason: { type: 'string' },
          code: { type: 'string', description: 'The reason’s message code (src/i18n/validation.ts)' },
          params: { type: 'object', additionalProperties: { type: 'string' } },
        },
      },
    },
    total: { type: 'number', description: 'The batch total: mpesa.total + bank.total when nothing is refused.' },
  },
};

/**
 * A payout batch's payment files, with update-Driver (payment data): the M-Pesa B2C bulk file pays
 * the drivers paid by mobile money, the bulk EFT file those paid by bank, and the two add up to the
 * batch total. A line neither can pay blocks the approval (actions.ts) until its driver's details
 * are fixed, so that the files pay every line and marking the batch paid (every line into its
 * driver's ledger) stays true.
 */
export function paymentFileRoutes(app: FastifyInstance): void {
  const { db } = app.services;

  const batchOf = async (raw: string) => {
    const batch = await db.selectFrom('payoutBatches').selectAll().where('id', '=', parseId(raw)).executeTakeFirst();
    if (!batch) throw notFound(refusal('noSuch', { label: 'record' }));
    return batch;
  };

  /** The batch and its files, once approved and with nothing refused. */
  const exportable = async (raw: string) => {
    const batch = await batchOf(raw);
    if (batch.status === 'review') throw new ApiError(409, 'Approve the batch before exporting its payments.');
    const files = await readFiles(db, batch.id);
    // Approval refuses a batch with such lines; one approved before destinations were frozen may have them.
    if (files.refused.length) throw refusedError(files);
    return { batch, files };
  };

  const sendCsv = (reply: import('fastify').FastifyReply, filename: string, rows: string[][]) =>
    reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('cache-control', 'private, no-store')
      .send(rows.map(csvRow).join(''));

  app.get(
    '/payout-batches/:id/payment-files',
    {
      config: { access: PAYOUT_PERMISSION },
      schema: {
        tags: ['payout-batches'],
        summary: 'What the payout batch’s M-Pesa and bank files pay, and the lines neither can pay',
        description:
          'Per file the number of lines and their total (KES); `refused` lists each line whose driver’s payout details keep it out of both files (missing or invalid bank details, a phone M-Pesa cannot pay), with the field and the reason: the batch cannot be approved while any is listed. Before approval, the drivers’ details as they are now; from approval on, as frozen on the lines.',
        params: idParams,
        response: { 200: summarySchema, 401: errorSchema, 403: errorSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const batch = await batchOf((request.params as { id: string }).id);
      const files = await readFiles(db, batch.id);
      return {
        mpesa: { lines: files.mpesa.length, total: fromCents(totalCents(files.mpesa)) },
        bank: { lines: files.bank.length, total: fromCents(totalCents(files.bank)) },
        refused: files.refused.map(({ amountCents, ...r }) => ({
          ...r,
          ...codeOf(r.reason),
          amount: fromCents(amountCents),
        })),
        total: Number(batch.total),
      };
    },
  );

  app.get(
    '/payout-batches/:id/mpesa.csv',
    {
      config: { access: PAYOUT_PERMISSION },
      schema: {
        tags: ['payout-batches'],
        summary: 'A payout batch as an M-Pesa B2C bulk payment file (CSV)',
        description: `The lines of drivers paid by mobile money. Columns MSISDN (2547…), Amount (KES, 2 decimals, no separators), Name, Reference (PAYOUT-<batch>-<driver>); lines of 0 are left out.${FILE_DESCRIPTION}`,
        params: idParams,
        response: { 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request, reply) => {
      const { batch, files } = await exportable((request.params as { id: string }).id);
      return sendCsv(reply, `payouts-${String(batch.periodStart)}-mpesa.csv`, mpesaRows(batch.id, files));
    },
  );

  app.get(
    '/payout-batches/:id/bank.csv',
    {
      config: { access: PAYOUT_PERMISSION },
      schema: {
        tags: ['payout-batches'],
        summary: 'A payout batch as a bulk bank transfer (EFT) file (CSV)',
        description: `The lines of drivers paid by bank. Columns Beneficiary Name, Account Number (digits), Bank Code (Central Bank of Kenya, 2 digits), Branch Code (3 digits), Amount (2 decimals, no separators), Currency (KES), Reference (PAYOUT-<batch>-<driver>), Narrative; lines of 0 are left out. With the M-Pesa file it adds up to the batch total.${FILE_DESCRIPTION}`,
        params: idParams,
        response: { 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request, reply) => {
      const { batch, files } = await exportable((request.params as { id: string }).id);
      const period = String(batch.periodStart);
      return sendCsv(reply, `payouts-${period}-bank.csv`, bankTransferRows(batch.id, period, files.bank));
    },
  );
}
