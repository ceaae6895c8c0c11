import type { FastifyInstance } from 'fastify';
import { PAYOUT_PERMISSION } from '../../../src/domain/permissions.js';
import { sql } from 'kysely';
import { notFound } from '../../errors.js';
import { errorSchema, parseId } from '../../rest/engine.js';
import { renderPdf } from '../../rest/pdf.js';
import { CITY } from '../../../src/domain/city.js';
import { plainAmount, toCents, weekFrom } from '../../../src/domain/payouts.js';
import { readSettlements } from './settlements.js';
import { staffOf } from '../../auth/guard.js';
import { documentLocale, documentWords, localeParameter, type DocumentWords } from '../../rest/documentLocale.js';
import { refusal } from '../../../src/domain/messageCodes.js';
import { paymentFileRoutes } from './paymentFiles.js';

const englishMoney = (cents: number) => `${CITY.currency} ${plainAmount(cents).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;

/**
 * The statement's amounts, days and batch status in the staff member's language. English keeps
 * the statement's first wording (ISO days, the status as stored, "KES 1,234.50"), which drivers
 * and the finance team already read.
 */
const statementFormats = (w: DocumentWords) =>
  w.locale === 'en'
    ? { money: englishMoney, day: (day: string) => day, status: (status: string) => status }
    : {
        money: (cents: number) => w.money(cents / 100),
        day: w.day,
        status: (status: string) => w.enumText('payoutStatus', status).toLocaleLowerCase(w.locale),
      };
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
    if (!batch) throw notFound(refusal('noSuch', { label: 'record' }));
    return batch;
  };

  app.get(
    '/payout-batches/:id/statements/:driverId.pdf',
    {
      config: { access: PAYOUT_PERMISSION },
      schema: {
        tags: ['payout-batches'],
        summary: "A driver's statement for a payout batch's week (PDF)",
        description:
          'The week’s settlement read again from the trips and the ledger: trips, gross, commission, earnings, cash collected, the wallet’s opening balance, trip settlements, top-ups, adjustments, payouts and the closing balance, and what the batch pays. 404 when the driver has no line in the batch.',
        params: params('id', 'driverId'),
        querystring: { type: 'object', properties: localeParameter },
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
      const w = documentWords(await documentLocale(request, db, staffOf(request).id));
      const t = w.statement;
      const f = statementFormats(w);
      const row = (label: string, cents: number) => [label, f.money(cents)];
      const columns = [
        { header: t('item'), width: 300 },
        { header: t('amount'), width: 195, align: 'right' as const },
      ];
      const batchFacts = { id: batch.id, status: f.status(batch.status) };
      const blocks = [
        { kind: 'title' as const, text: t('title', { day: f.day(period.start) }) },
        {
          kind: 'facts' as const,
          pairs: [
            [t('driver'), line.driverName],
            [t('phone'), line.phone],
            [t('period'), t('periodValue', { start: f.day(period.start), end: f.day(period.end), city: CITY.name })],
            [
              t('batch'),
              batch.reference
                ? t('batchValueReference', { ...batchFacts, reference: batch.reference })
                : t('batchValue', batchFacts),
            ],
          ] as [string, string][],
        },
        { kind: 'heading' as const, text: t('trips') },
        {
          kind: 'table' as const,
          table: {
            columns,
            rows: s
              ? [
                  [t('tripsSettled'), w.count.format(s.trips)],
                  row(t('faresAndFees'), s.grossCents),
                  row(t('commission'), -s.commissionCents),
                  row(t('earnings'), s.earningsCents),
                  row(t('cashCollected'), -s.cashCollectedCents),
                ]
              : [],
            footer: s ? [t('tripsIntoWallet'), f.money(s.tripNetCents)] : undefined,
          },
        },
        { kind: 'heading' as const, text: t('wallet') },
        {
          kind: 'table' as const,
          table: {
            columns,
            rows: s
              ? [
                  row(t('opening'), s.openingCents),
                  row(t('trips'), s.tripNetCents),
                  row(t('topups'), s.topupsCents),
                  row(t('adjustments'), s.adjustmentsCents),
                  row(t('payouts'), s.payoutsCents),
                ]
              : [],
            footer: s ? [t('closing'), f.money(s.closingCents)] : undefined,
          },
        },
        {
          kind: 'paragraph' as const,
          bold: true,
          text:
            s && s.owedByDriverCents > 0
              ? t('owes', { amount: f.money(s.owedByDriverCents) })
              : t('pays', { amount: f.money(toCents(line.amount)) }),
        },
      ];
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="statement-${p.driverId}-${period.start}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(
          renderPdf({
            title: t('documentTitle', { name: line.driverName, day: period.start }),
            letterhead: config.company,
            pageLabel: w.pageLabel,
            footerNote: `PAYOUT-${batch.id}-${p.driverId}`,
            createdAt: new Date(batch.createdAt),
            blocks,
          }),
        );
    },
  );
}
