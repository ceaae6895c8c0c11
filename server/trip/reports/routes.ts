import type { FastifyInstance, FastifyReply } from 'fastify';
import { staffOf } from '../../auth/guard.js';
import { ApiError, badRequest } from '../../errors.js';
import { errorSchema } from '../../rest/engine.js';
import { renderPdf, type PdfSpec } from '../../rest/pdf.js';
import { CITY } from '../../../src/domain/city.js';
import { P } from '../../../src/domain/permissionNames.js';
import { periodParameters, tripFilterParameters } from '../queries/params.js';
import { revenue, revenueReport } from '../queries/reports.js';
import { findLetter, issueLetter, letterPdf, lettersOf, parseLetterRequest } from './letters.js';

/**
 * PDF documents of the reports (GET /api/trip/reports/…/pdf) and the drivers' revenue request
 * letters, with the reports' permission (view-Report). PDFs are rendered by server/rest/pdf.ts
 * and streamed.
 */

const SPLITS = ['byPeriod', 'byVehicleType', 'byPaymentMethod'] as const;
type Split = (typeof SPLITS)[number];

const money = new Intl.NumberFormat('en-KE', { style: 'currency', currency: CITY.currency, currencyDisplay: 'code' });
const count = new Intl.NumberFormat('en-KE');
const dayText = (day: string) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );

const sendPdf = (reply: FastifyReply, spec: PdfSpec, filename: string) =>
  reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'private, no-store')
    .send(renderPdf(spec));

export function reportDocumentRoutes(app: FastifyInstance): void {
  const { db, config } = app.services;

  app.get(
    '/reports/revenue/pdf',
    {
      config: { access: P.viewReport },
      schema: {
        tags: ['reports'],
        summary: 'The revenue report as a PDF: the table of one split with its totals',
        description:
          'Same parameters as GET /reports/revenue, plus `split` (byPeriod, byVehicleType, byPaymentMethod; default byPeriod): the PDF holds exactly the table the report page shows for that split.',
        querystring: {
          type: 'object',
          properties: {
            ...periodParameters,
            ...tripFilterParameters,
            split: { type: 'string', description: SPLITS.join(', ') },
          },
        },
        response: { 400: errorSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request, reply) => {
      const query = request.query as Record<string, unknown>;
      const split = (query.split ?? 'byPeriod') as Split;
      if (!SPLITS.includes(split)) throw badRequest(`"split" must be one of: ${SPLITS.join(', ')}`);
      const rest = { ...query };
      delete rest.split;
      const params = revenue.parse(rest, new Date());
      const data = await revenueReport(params, app.services);
      const labelled =
        split === 'byPeriod'
          ? data.rows.map((r) => ({ ...r, label: dayText(r.bucket) }))
          : split === 'byVehicleType'
            ? data.byVehicleType.map((r) => ({ ...r, label: r.name }))
            : data.byPaymentMethod.map((r) => ({
                ...r,
                label: r.paymentMethod.charAt(0).toUpperCase() + r.paymentMethod.slice(1),
              }));
      const figures = (r: (typeof labelled)[number] | typeof data.totals) => [
        count.format(r.trips),
        money.format(r.grossFares),
        money.format(r.discounts),
        money.format(r.netFares),
        money.format(r.commission),
        money.format(r.cancellationFees),
        money.format(r.driverEarnings),
      ];
      const first = split === 'byPeriod' ? 'Period' : split === 'byVehicleType' ? 'Vehicle type' : 'Payment method';
      const grouping = split === 'byPeriod' ? `, by ${data.groupBy}` : '';
      const filters = [
        query.vehicleTypeId !== undefined
          ? (data.byVehicleType[0]?.name ?? `vehicle type #${String(query.vehicleTypeId)}`)
          : '',
        query.paymentMethod !== undefined ? `paid by ${String(query.paymentMethod)}` : '',
      ].filter(Boolean);
      const spec: PdfSpec = {
        title: `Revenue report ${data.from} – ${data.to}`,
        letterhead: config.company,
        createdAt: new Date(),
        landscape: true,
        footerNote: `Revenue report · ${dayText(data.from)} – ${dayText(data.to)}`,
        blocks: [
          { kind: 'title', text: 'Revenue report' },
          {
            kind: 'facts',
            pairs: [
              ['Period', `${dayText(data.from)} – ${dayText(data.to)} (${CITY.name} time)${grouping}`],
              ['Trips', filters.length ? filters.join(', ') : 'all vehicle types and payment methods'],
              ['Currency', data.currency],
            ],
          },
          {
            kind: 'table',
            table: {
              columns: [
                { header: first, width: 3 },
                { header: 'Trips', width: 1.5, align: 'right' },
                { header: 'Gross fares', width: 2.5, align: 'right' },
                { header: 'Discounts', width: 2.5, align: 'right' },
                { header: 'Net fares', width: 2.5, align: 'right' },
                { header: 'Commission', width: 2.5, align: 'right' },
                { header: 'Cancellation fees', width: 2.5, align: 'right' },
                { header: 'Driver earnings', width: 2.5, align: 'right' },
              ],
              rows: labelled.map((r) => [r.label, ...figures(r)]),
              footer: ['Total', ...figures(data.totals)],
            },
          },
        ],
      };
      return sendPdf(reply, spec, `revenue-${data.from}-${data.to}-${split}.pdf`);
    },
  );

  app.post(
    '/reports/driver-revenue-letters',
    {
      config: {
        access: P.viewReport,
        bodyDocs: {
          type: 'object',
          required: ['driverId', 'fromMonth', 'toMonth'],
          properties: {
            driverId: { type: 'integer' },
            fromMonth: { type: 'string', description: 'YYYY-MM' },
            toMonth: { type: 'string', description: 'YYYY-MM; at most 12 months, not after this month' },
          },
        },
      },
      schema: {
        tags: ['reports'],
        summary: "Issues a driver's revenue request letter",
        description:
          'Computes the driver’s monthly trips and net earnings for the months (at most 12), stores the letter under a new unique reference (DRL-year-number) with the issuing staff member, and answers its content. GET …/{reference}/pdf renders it.',
        response: {
          201: {
            type: 'object',
            properties: { data: { type: 'object', additionalProperties: true }, message: { type: 'string' } },
          },
          400: errorSchema,
          401: errorSchema,
          403: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const staff = staffOf(request);
      const { driverId, period } = parseLetterRequest(request.body, new Date());
      const content = await issueLetter(db, { driverId, period, staffId: staff.id, company: config.company });
      return reply.code(201).send({ data: content, message: `Letter ${content.reference} issued` });
    },
  );

  app.get(
    '/reports/driver-revenue-letters',
    {
      config: { access: P.viewReport },
      schema: {
        tags: ['reports'],
        summary: 'The revenue letters issued for a driver, newest first (50 at most)',
        querystring: { type: 'object', properties: { driverId: { type: 'string', description: 'A driver id' } } },
        response: { 400: errorSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request) => {
      const raw = (request.query as Record<string, unknown>).driverId;
      if (typeof raw !== 'string' || !/^\d{1,9}$/.test(raw)) throw badRequest('"driverId" must be a whole number');
      return { data: await lettersOf(db, Number(raw)) };
    },
  );

  app.get(
    '/reports/driver-revenue-letters/:reference/pdf',
    {
      config: { access: P.viewReport },
      schema: {
        tags: ['reports'],
        summary: 'A revenue letter as a PDF, the same document each time',
        params: { type: 'object', properties: { reference: { type: 'string' } } },
        response: { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const { reference } = request.params as { reference: string };
      if (!/^DRL-\d{4}-\d{6,}$/.test(reference)) throw new ApiError(404, `No letter with reference ${reference}`);
      const content = await findLetter(db, reference);
      if (!content) throw new ApiError(404, `No letter with reference ${reference}`);
      return sendPdf(reply, letterPdf(content), `${reference}.pdf`);
    },
  );
}
