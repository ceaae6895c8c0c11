import { sql } from 'kysely';
import type { Db } from '../../db/index.js';
import { badRequest } from '../../errors.js';
import type { PdfBlock, PdfSpec } from '../../rest/pdf.js';
import type { DocumentWords } from '../../rest/documentLocale.js';
import { CITY } from '../../../src/domain/city.js';
import { addDays, localDay } from '../../../src/domain/dateRange.js';
import {
  LETTER_COLUMNS,
  letterPeriodOf,
  type LetterFigures,
  type LetterPeriod,
} from '../../../src/domain/revenueLetter.js';
import { refusal } from '../../../src/domain/messageCodes.js';

/**
 * The drivers' revenue request letter (issue 15): a formal letter on the company's letterhead
 * stating a driver's monthly trips and net earnings for up to 12 months. Issuing one stores its
 * content (figures, driver details, letterhead, issuer) under a unique reference, so the same
 * reference renders the same document later, whatever changed since.
 *
 * Net earnings = fares of completed trips + cancellation fees − commission, from the per-driver
 * monthly rollup (migration 008), the same figures as the drivers' revenue report; the wallet's
 * settlements (driver_transactions) add up to the same once the cash the driver collected is
 * counted (tested).
 */

export interface LetterMonth {
  month: string;
  trips: number;
  grossFares: number;
  commission: number;
  cancellationFees: number;
  netEarnings: number;
}

export interface LetterContent {
  reference: string;
  issuedAt: string;
  issuedBy: string;
  company: { name: string; address: string; registration: string };
  driver: { id: number; name: string; licenceNumber: string | null; vehicle: string };
  period: LetterPeriod;
  months: LetterMonth[];
  totals: Omit<LetterMonth, 'month'>;
}

/** A driver without a vehicle on record, as the letter's stored content says it. */
const NO_VEHICLE = 'not recorded';

/** Reads and checks a letter request: a driver and whole months, at most 12, none in the future. */
export function parseLetterRequest(body: unknown, now: Date): { driverId: number; period: LetterPeriod } {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw badRequest(refusal('bodyObject'));
  const input = body as Record<string, unknown>;
  const errors: Record<string, string> = {};
  const driverId = input.driverId;
  if (typeof driverId !== 'number' || !Number.isSafeInteger(driverId) || driverId < 1)
    errors.driverId = refusal('chooseA', { label: 'driver' });
  const period = letterPeriodOf(input.fromMonth, input.toMonth, localDay(now, CITY.timeZone));
  if ('errors' in period) Object.assign(errors, period.errors);
  if (Object.keys(errors).length) throw badRequest(refusal('highlighted'), errors);
  return { driverId: driverId as number, period: (period as { period: LetterPeriod }).period };
}

/** Issues a letter: computes its content, stores it under a new reference, answers the content. */
export async function issueLetter(
  db: Db,
  input: { driverId: number; period: LetterPeriod; staffId: number; company: LetterContent['company'] },
): Promise<LetterContent> {
  return db.transaction().execute(async (trx) => {
    const driver = await sql<{
      id: number;
      name: string;
      licenceNumber: string | null;
      vehicleType: string | null;
      make: string | null;
      model: string | null;
      plate: string | null;
    }>`select d.id, d.first_name || ' ' || d.last_name as name, d.licence_number as "licenceNumber",
        v.name as "vehicleType", d.vehicle_make as make, d.vehicle_model as model, d.vehicle_plate as plate
      from drivers d left join vehicle_types v on v.id = d.vehicle_type_id where d.id = ${input.driverId}`.execute(trx);
    const d = driver.rows[0];
    if (!d) throw badRequest(refusal('highlighted'), { driverId: refusal('noSuch', { label: 'driver' }) });
    const staff = await sql<{ name: string }>`select first_name || ' ' || last_name as name from staffs
      where id = ${input.staffId}`.execute(trx);
    const { rows } = await sql<{
      month: string;
      trips: number;
      grossFares: string;
      commission: string;
      cancellationFees: string;
      netEarnings: string;
    }>`select to_char(m.month, 'YYYY-MM-DD') as month, coalesce(r.completed, 0)::int as trips,
        (coalesce(r.fare_total_cents, 0) / 100.0)::numeric(16,2)::text as "grossFares",
        (coalesce(r.commission_cents, 0) / 100.0)::numeric(16,2)::text as commission,
        (coalesce(r.cancellation_fee_cents, 0) / 100.0)::numeric(16,2)::text as "cancellationFees",
        (coalesce(r.fare_total_cents + r.cancellation_fee_cents - r.commission_cents, 0) / 100.0)::numeric(16,2)::text as "netEarnings"
      from generate_series(${input.period.fromMonth}::date, ${input.period.toMonth}::date, interval '1 month') as m(month)
      left join trip_driver_monthly r on r.month = m.month::date and r.driver_id = ${d.id}
      order by 1`.execute(trx);
    const months = rows.map((r) => ({
      month: r.month,
      trips: r.trips,
      grossFares: Number(r.grossFares),
      commission: Number(r.commission),
      cancellationFees: Number(r.cancellationFees),
      netEarnings: Number(r.netEarnings),
    }));
    const cents = (key: keyof Omit<LetterMonth, 'month' | 'trips'>) =>
      months.reduce((s, m) => s + Math.round(m[key] * 100), 0) / 100;
    const { id } = (await sql<{ id: number }>`select nextval('driver_revenue_letters_id_seq')::int as id`.execute(trx))
      .rows[0];
    const issuedAt = new Date();
    const reference = `DRL-${localDay(issuedAt, CITY.timeZone).slice(0, 4)}-${String(id).padStart(6, '0')}`;
    const vehicle = [d.vehicleType, [d.make, d.model].filter(Boolean).join(' '), d.plate].filter(Boolean).join(', ');
    const content: LetterContent = {
      reference,
      issuedAt: issuedAt.toISOString(),
      issuedBy: staff.rows[0]?.name ?? 'Ride Admin staff',
      company: input.company,
      driver: { id: d.id, name: d.name, licenceNumber: d.licenceNumber, vehicle: vehicle || NO_VEHICLE },
      period: input.period,
      months,
      totals: {
        trips: months.reduce((s, m) => s + m.trips, 0),
        grossFares: cents('grossFares'),
        commission: cents('commission'),
        cancellationFees: cents('cancellationFees'),
        netEarnings: cents('netEarnings'),
      },
    };
    await sql`insert into driver_revenue_letters (id, reference, driver_id, from_month, to_month, issued_by, issued_at, content)
      values (${id}, ${reference}, ${d.id}, ${input.period.fromMonth}::date, ${input.period.toMonth}::date, ${input.staffId},
        ${issuedAt}, ${JSON.stringify(content)}::jsonb)`.execute(trx);
    return content;
  });
}

/** A stored letter's content, or undefined. */
export async function findLetter(db: Db, reference: string): Promise<LetterContent | undefined> {
  const { rows } = await sql<{ content: LetterContent | string }>`select content from driver_revenue_letters
    where reference = ${reference}`.execute(db);
  const content = rows[0]?.content;
  return typeof content === 'string' ? (JSON.parse(content) as LetterContent) : content;
}

/** The letters issued for a driver, newest first. */
export async function lettersOf(db: Db, driverId: number) {
  const { rows } = await sql<{
    reference: string;
    fromMonth: string;
    toMonth: string;
    issuedAt: Date;
    issuedBy: string | null;
  }>`select l.reference, to_char(l.from_month, 'YYYY-MM') as "fromMonth", to_char(l.to_month, 'YYYY-MM') as "toMonth",
      l.issued_at as "issuedAt", s.first_name || ' ' || s.last_name as "issuedBy"
    from driver_revenue_letters l left join staffs s on s.id = l.issued_by
    where l.driver_id = ${driverId} order by l.issued_at desc, l.id desc limit 50`.execute(db);
  return rows;
}

/** The letter as a PDF document, in the words and formats of `w` (the staff member's language). */
export function letterPdf(c: LetterContent, w: DocumentWords): PdfSpec {
  // A row's figures in the letter's column order (the page shows the same columns).
  const figureCells = (figures: LetterFigures) =>
    LETTER_COLUMNS.map((column) =>
      column.kind === 'count' ? w.count.format(figures[column.key]) : w.money(figures[column.key]),
    );
  const issued = localDay(new Date(c.issuedAt), CITY.timeZone);
  const last = c.period.toDay;
  const through =
    last === addDays(c.period.nextMonth, -1) ? w.longDay(last) : w.letter('toDate', { day: w.longDay(last) });
  const company = c.company.name;
  // Stored before the letter spoke other languages: "not recorded" is the one English word in its content.
  const vehicle = c.driver.vehicle === NO_VEHICLE ? w.letter('vehicleNotRecorded') : c.driver.vehicle;
  const who = { name: c.driver.name, company, vehicle };
  const blocks: PdfBlock[] = [
    {
      kind: 'facts',
      pairs: [
        [w.letterLabel('reference'), c.reference],
        [w.letter('dateOfIssue'), w.longDay(issued)],
        [w.letterLabel('issuedBy'), c.issuedBy],
      ],
    },
    { kind: 'title', text: w.letter('title') },
    { kind: 'paragraph', text: w.letter('salutation'), bold: true },
    {
      kind: 'paragraph',
      text: c.driver.licenceNumber
        ? w.letter('confirmLicensed', { ...who, licence: c.driver.licenceNumber })
        : w.letter('confirm', who),
    },
    {
      kind: 'paragraph',
      text: w.letter('summary', {
        from: w.longDay(c.period.fromDay),
        to: through,
        name: c.driver.name,
        trips: w.count.format(c.totals.trips),
        smart_count: c.totals.trips,
        net: w.money(c.totals.netEarnings),
      }),
    },
    {
      kind: 'table',
      table: {
        columns: [
          { header: w.letterLabel('month'), width: 3 },
          ...LETTER_COLUMNS.map((column) => ({
            header: w.letterColumn(column.key),
            width: column.kind === 'count' ? 2 : 3,
            align: 'right' as const,
          })),
        ],
        rows: c.months.map((m) => [w.month(m.month), ...figureCells(m)]),
        footer: [w.letterLabel('total'), ...figureCells(c.totals)],
      },
    },
    {
      kind: 'paragraph',
      text: w.letter('explainNet', { company, currency: CITY.currency, city: CITY.name }),
    },
    { kind: 'paragraph', text: w.letter('authenticity', { company, reference: c.reference }) },
    { kind: 'paragraph', text: w.letter('closing') },
    { kind: 'signature', lines: [c.issuedBy, w.letter('onBehalf', { company })] },
  ];
  return {
    title: w.letter('documentTitle', { reference: c.reference }),
    letterhead: c.company,
    footerNote: w.letter('footer', { reference: c.reference }),
    createdAt: new Date(c.issuedAt),
    pageLabel: w.pageLabel,
    blocks,
  };
}
