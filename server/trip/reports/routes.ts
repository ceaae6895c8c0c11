import type { FastifyInstance, FastifyReply } from 'fastify';
import { staffOf } from '../../auth/guard.js';
import { ApiError, badRequest } from '../../errors.js';
import { errorSchema } from '../../rest/engine.js';
import { renderPdf, type PdfSpec } from '../../rest/pdf.js';
import { CITY } from '../../../src/domain/city.js';
import { P } from '../../../src/domain/permissionNames.js';
import { periodParameters, tripFilterParameters } from '../queries/params.js';
import { revenue, revenueReport, tripReport, tripReportOf } from '../queries/reports.js';
import { tripFigureText, tripReportLines, type TripFigureKind } from '../../../src/domain/tripReport.js';
import { findLetter, issueLetter, letterPdf, lettersOf, parseLetterRequest } from './letters.js';
import { refusal } from '../../../src/domain/messageCodes.js';
import { documentLocale, documentWords, localeParameter } from '../../rest/documentLocale.js';

/**
 * PDF documents of the reports (GET /api/trip/reports/…/pdf) and the drivers' revenue request
 * letters, with the reports' permission (view-Report). PDFs are rendered by server/rest/pdf.ts
 * and streamed.
 */

const SPLITS = ['byPeriod', 'byVehicleType', 'byPaymentMethod'] as const;
type Split = (typeof SPLITS)[number];

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
            ...localeParameter,
          },
        },
        response: { 400: errorSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request, reply) => {
      const query = request.query as Record<string, unknown>;
      const split = (query.split ?? 'byPeriod') as Split;
      if (!SPLITS.includes(split)) throw badRequest(refusal('oneOf', { label: '"split"', values: SPLITS.join(', ') }));
      const w = documentWords(await documentLocale(request, db, staffOf(request).id));
      const rest = { ...query };
      delete rest.split;
      delete rest.locale;
      const params = revenue.parse(rest, new Date());
      const data = await revenueReport(params, app.services);
      const labelled =
        split === 'byPeriod'
          ? data.rows.map((r) => ({ ...r, label: w.day(r.bucket) }))
          : split === 'byVehicleType'
            ? data.byVehicleType.map((r) => ({ ...r, label: r.name }))
            : data.byPaymentMethod.map((r) => ({
                ...r,
                label: w.enumText('paymentMethod', r.paymentMethod),
              }));
      const figures = (r: (typeof labelled)[number] | typeof data.totals) => [
        w.count.format(r.trips),
        w.money(r.grossFares),
        w.money(r.discounts),
        w.money(r.netFares),
        w.money(r.commission),
        w.money(r.cancellationFees),
        w.money(r.driverEarnings),
      ];
      const L = w.label;
      const first = split === 'byPeriod' ? L.period : split === 'byVehicleType' ? L.vehicleType : L.paymentMethod;
      const period = w.pdf('periodValue', { from: w.day(data.from), to: w.day(data.to), city: CITY.name });
      const filters = [
        query.vehicleTypeId !== undefined
          ? (data.byVehicleType[0]?.name ?? w.pdf('vehicleTypeNumber', { id: String(query.vehicleTypeId) }))
          : '',
        query.paymentMethod !== undefined
          ? w.pdf('paidBy', {
              method: w.enumText('paymentMethod', String(query.paymentMethod)).toLocaleLowerCase(w.locale),
            })
          : '',
      ].filter(Boolean);
      const spec: PdfSpec = {
        title: `${w.pdf('revenueTitle')} ${data.from} – ${data.to}`,
        letterhead: config.company,
        createdAt: new Date(),
        landscape: true,
        pageLabel: w.pageLabel,
        compactNumber: w.compactNumber,
        footerNote: `${w.pdf('revenueTitle')} · ${w.day(data.from)} – ${w.day(data.to)}`,
        blocks: [
          { kind: 'title', text: w.pdf('revenueTitle') },
          {
            kind: 'facts',
            pairs: [
              [
                L.period,
                split === 'byPeriod'
                  ? w.pdf('groupedBy', { period, unit: w.pdf(data.groupBy as 'day' | 'week' | 'month') })
                  : period,
              ],
              [L.trips, filters.length ? filters.join(', ') : w.pdf('allTrips')],
              [w.pdf('currency'), data.currency],
            ],
          },
          {
            kind: 'chart',
            chart: {
              height: 140,
              labels: data.rows.map((r) => w.day(r.bucket)),
              bars: { label: L.trips, values: data.rows.map((r) => r.trips) },
              line: {
                label: L.netFares,
                values: data.rows.map((r) => r.netFares),
                tick: (v) => `${data.currency} ${w.compactMoney.format(v)}`,
              },
            },
          },
          {
            kind: 'table',
            table: {
              columns: [
                { header: first, width: 3 },
                { header: L.trips, width: 1.5, align: 'right' },
                { header: L.grossFares, width: 2.5, align: 'right' },
                { header: L.discounts, width: 2.5, align: 'right' },
                { header: L.netFares, width: 2.5, align: 'right' },
                { header: L.commission, width: 2.5, align: 'right' },
                { header: L.cancellationFees, width: 2.5, align: 'right' },
                { header: L.driverEarnings, width: 2.5, align: 'right' },
              ],
              rows: labelled.map((r) => [r.label, ...figures(r)]),
              footer: [L.total, ...figures(data.totals)],
            },
          },
        ],
      };
      return sendPdf(reply, spec, `revenue-${data.from}-${data.to}-${split}.pdf`);
    },
  );

  app.get(
    '/reports/trips/pdf',
    {
      config: { access: P.viewReport },
      schema: {
        tags: ['reports'],
        summary: 'The trip report as a PDF',
        description:
          'Same parameters as GET /reports/trips: counts by status, this period against the previous one (the rows of the page and its CSV, written the same way), demand by hour of day as a chart and a table, and the top cancellation reasons.',
        querystring: {
          type: 'object',
          properties: { ...periodParameters, ...tripFilterParameters, ...localeParameter },
        },
        response: { 400: errorSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request, reply) => {
      const query = request.query as Record<string, unknown>;
      const w = documentWords(await documentLocale(request, db, staffOf(request).id));
      const rest = { ...query };
      delete rest.locale;
      const data = await tripReportOf(tripReport.parse(rest, new Date()), app.services);
      const L = w.label;
      const figure = (kind: TripFigureKind, value: number) => w.printable(tripFigureText(kind, value, w.numbers));
      const lines = tripReportLines(data.current, data.previous, (key) => L[key] ?? key, w.numbers, w.units).map(
        (l) => ({
          ...l,
          current: w.printable(l.current),
          previous: w.printable(l.previous),
          change: w.printable(l.change),
        }),
      );
      const statusText = (status: string) => w.enumText('tripStatus', status);
      const vehicleType =
        query.vehicleTypeId === undefined
          ? undefined
          : await db
              .selectFrom('vehicleTypes')
              .select('name')
              .where('id', '=', Number(query.vehicleTypeId))
              .executeTakeFirst();
      const filters = [
        query.vehicleTypeId !== undefined
          ? (vehicleType?.name ?? w.pdf('vehicleTypeNumber', { id: String(query.vehicleTypeId) }))
          : '',
        query.paymentMethod !== undefined
          ? w.pdf('paidBy', {
              method: w.enumText('paymentMethod', String(query.paymentMethod)).toLocaleLowerCase(w.locale),
            })
          : '',
      ].filter(Boolean);
      const span = (from: string, to: string) => `${w.day(from)} – ${w.day(to)}`;
      const previousSpan = span(data.previousPeriod.from, data.previousPeriod.to);
      const previous =
        'until' in data.previousPeriod && data.previousPeriod.until
          ? w.pdf('previousUntil', { period: previousSpan, time: w.time(data.previousPeriod.until) })
          : previousSpan;
      const hours = data.demandByHour.map((_, h) => String(h).padStart(2, '0'));
      const demandTotal = data.demandByHour.reduce((a, b) => a + b, 0);
      const title = w.pdf('tripTitle');
      const spec: PdfSpec = {
        title: `${title} ${data.from} – ${data.to}`,
        letterhead: config.company,
        createdAt: new Date(),
        pageLabel: w.pageLabel,
        compactNumber: w.compactNumber,
        footerNote: `${title} · ${span(data.from, data.to)}`,
        blocks: [
          { kind: 'title', text: title },
          {
            kind: 'facts',
            pairs: [
              [L.current, w.pdf('periodValue', { from: w.day(data.from), to: w.day(data.to), city: CITY.name })],
              [L.previous, previous],
              [L.trips, filters.length ? filters.join(', ') : w.pdf('allTrips')],
            ],
          },
          { kind: 'heading', text: L.byStatus },
          {
            kind: 'table',
            table: {
              columns: [
                { header: L.status, width: 3 },
                { header: L.trips, width: 1, align: 'right' },
              ],
              rows: data.byStatus.map((s) => [statusText(s.status), figure('count', s.trips)]),
              footer: [L.total, figure('count', data.current.requested)],
            },
          },
          {
            kind: 'table',
            table: {
              columns: [
                { header: '', width: 3 },
                { header: L.current, width: 2, align: 'right' },
                { header: L.previous, width: 2, align: 'right' },
                { header: w.pdf('change'), width: 1.3, align: 'right' },
              ],
              rows: lines.map((l) => [l.label, l.current, l.previous, l.change]),
            },
          },
          { kind: 'heading', text: L.demandByHour },
          {
            kind: 'chart',
            chart: {
              labels: hours,
              bars: { label: L.trips, values: data.demandByHour },
            },
          },
          {
            kind: 'table',
            table: {
              columns: [
                { header: w.pdf('hour'), width: 1 },
                { header: L.trips, width: 1, align: 'right' },
                { header: w.pdf('share'), width: 1, align: 'right' },
              ],
              rows: data.demandByHour.map((n, h) => [
                `${hours[h]}:00–${hours[h]}:59`,
                figure('count', n),
                demandTotal ? figure('percent', n / demandTotal) : '—',
              ]),
              footer: [L.total, figure('count', demandTotal), demandTotal ? figure('percent', 1) : '—'],
            },
          },
          { kind: 'heading', text: L.topReasons },
          data.topCancellationReasons.length
            ? {
                kind: 'table',
                table: {
                  columns: [
                    { header: L.reason, width: 4 },
                    { header: L.status, width: 2.5 },
                    { header: L.trips, width: 1, align: 'right' },
                  ],
                  rows: data.topCancellationReasons.map((r) => [r.reason, statusText(r.status), figure('count', r.n)]),
                },
              }
            : { kind: 'paragraph', text: w.pdf('noReasons') },
        ],
      };
      return sendPdf(reply, spec, `trips-${data.from}-${data.to}.pdf`);
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
        summary: 'A revenue letter as a PDF, the same document each time (in each language)',
        params: { type: 'object', properties: { reference: { type: 'string' } } },
        querystring: { type: 'object', properties: localeParameter },
        response: { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const { reference } = request.params as { reference: string };
      if (!/^DRL-\d{4}-\d{6,}$/.test(reference)) throw new ApiError(404, refusal('noLetter', { reference }));
      const content = await findLetter(db, reference);
      if (!content) throw new ApiError(404, refusal('noLetter', { reference }));
      const w = documentWords(await documentLocale(request, db, staffOf(request).id));
      return sendPdf(reply, letterPdf(content, w), `${reference}.pdf`);
    },
  );
}
