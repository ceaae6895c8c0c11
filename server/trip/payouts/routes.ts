import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { notFound } from '../../errors.js';
import { errorSchema, parseId } from '../../rest/engine.js';
import { renderPdf } from '../../rest/pdf.js';
import { CITY } from '../../../src/domain/city.js';
import { plainAmount, toCents, weekFrom } from '../../../src/domain/payouts.js';
import { readSettlements } from './settlements.js';
import { paymentFileRoutes } from './paymentFiles.js';

/** The statement's two-column tables: an item and its amount. */
const ITEM_AMOUNT_COLUMNS = [
  { header: 'Item', width: 300 },
  { header: 'Amount', width: 195, align: 'right' as const },
];

const money = (cents: number) => `${CITY.currency} ${plainAmount(cents).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;
const params = (...names: string[]) => ({
  type: 'object',
  properties: Object.fromEntries(names.map((n) => [n, { type: 'string' }])),
  required: names,
});

/**
 * A payout batch's files: the M-Pesa and bank payment files (paymentFiles.ts) and a driver's PDF
 * statement for the batch's week, all with update-Driver (payment data).
 */
export function payoutRoutes(app: FastifyInstance): void {
  const { db, config } = app.services;
  paymentFileRoutes(app);

  const batchOf = async (raw: string) => {
    const batch = await db.selectFrom('payoutBatches').selectAll().where('id', '=', parseId(raw)).executeTakeFirst();
    if (!batch) throw notFound('No record with this id');
    return batch;
  };

  app.get(
    '/payout-batches/:id/statements/:driverId.pdf',
    {
      config: { access: 'update-Driver' },
      schema: {
        tags: ['payout-batches'],
        summary: "A driver's statement for a payout batch's week (PDF)",
        description:
          'The week’s settlement read again from the trips and the ledger: trips, gross, commission, earnings, cash collected, the wallet’s opening balance, trip settlements, top-ups, adjustments, payouts and the closing balance, and what the batch pays. 404 when the driver has no line in the batch.',
        params: params('id', 'driverId'),
        response: { 401: errorSchema, 403: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const p = request.params as { id: string; driverId: string };
      const batch = await batchOf(p.id);
      const line = await db
        .selectFrom('payoutLines')
        .select(['driverName', 'phone', sql<string>`amount::text`.as('amount'), 'transactionId'])
        .where('batchId', '=', batch.id)
        .where('driverId', '=', parseId(p.driverId))
        .executeTakeFirst();
      if (!line) throw notFound('This driver has no line in the batch');
      const period = weekFrom(String(batch.periodStart));
      const [found] = await readSettlements(db, period, parseId(p.driverId));
      const s = found?.settlement;
      const row = (label: string, cents: number) => [label, money(cents)];
      const blocks = [
        { kind: 'title' as const, text: `Driver statement, week of ${period.start}` },
        {
          kind: 'facts' as const,
          pairs: [
            ['Driver', line.driverName],
            ['Phone', line.phone],
            ['Period', `${period.start} to ${period.end} (Monday to Monday, ${CITY.name} time)`],
            ['Payout batch', `#${batch.id} (${batch.status}${batch.reference ? `, ref ${batch.reference}` : ''})`],
          ] as [string, string][],
        },
        { kind: 'heading' as const, text: 'Trips' },
        {
          kind: 'table' as const,
          table: {
            columns: ITEM_AMOUNT_COLUMNS,
            rows: s
              ? [
                  ['Trips settled', String(s.trips)],
                  row('Fares and fees', s.grossCents),
                  row('Commission', -s.commissionCents),
                  row('Earnings', s.earningsCents),
                  row('Cash collected by the driver', -s.cashCollectedCents),
                ]
              : [],
            footer: s ? ['Trips into the wallet', money(s.tripNetCents)] : undefined,
          },
        },
        { kind: 'heading' as const, text: 'Wallet' },
        {
          kind: 'table' as const,
          table: {
            columns: ITEM_AMOUNT_COLUMNS,
            rows: s
              ? [
                  row('Opening balance', s.openingCents),
                  row('Trips', s.tripNetCents),
                  row('Top-ups', s.topupsCents),
                  row('Adjustments', s.adjustmentsCents),
                  row('Payouts in the week', s.payoutsCents),
                ]
              : [],
            footer: s ? ['Closing balance', money(s.closingCents)] : undefined,
          },
        },
        {
          kind: 'paragraph' as const,
          bold: true,
          text:
            s && s.owedByDriverCents > 0
              ? `The driver owes ${money(s.owedByDriverCents)}.`
              : `This batch pays ${money(toCents(line.amount))}.`,
        },
      ];
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="statement-${p.driverId}-${period.start}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(
          renderPdf({
            title: `Driver statement ${line.driverName} ${period.start}`,
            letterhead: config.company,
            footerNote: `PAYOUT-${batch.id}-${p.driverId}`,
            createdAt: new Date(batch.createdAt),
            blocks,
          }),
        );
    },
  );
}
