import type { Availability, FareEstimate, PlaceOption } from '../customRoutes/dispatcher/bookingData';
import type { DriverCardData } from '../customRoutes/dispatcher/driverCards';
import type { ByType, Daily, Growth, Heat } from '../customRoutes/dashboard/DashboardCharts';
import type { Kpis, Live } from '../customRoutes/dashboard/Dashboard';
import type { DriverRevenue } from '../customRoutes/reports/DriverRevenueReport';
import type { IssuedLetter, Letter } from '../customRoutes/reports/DriverRevenueLetter';
import type { Revenue } from '../customRoutes/reports/RevenueReport';
import type { TripReportData } from '../customRoutes/reports/TripReport';
import type { YearRow } from '../customRoutes/reports/TotalsByYear';
import type { DatePreset } from '../domain/dateRange';
import type { NearDriver } from '../domain/driverCards';
import type { LiveDriver } from '../domain/liveDrivers';
import { sosCallLogs } from '../domain/resources/sosCallLogs';
import type { Service } from '../domain/resources';
import type { TripEventRecord } from '../domain/tripTimeline';
import type { SosSettings } from '../layout/notifications/useRepeatingSosSound';
import type { DriverStatisticsAnswer } from '../resources/drivers/DriverStatistics';
import type { Assignee, IssueEvent } from '../resources/issues/types';
import type { PaymentFilesSummary } from '../resources/payout-batches/types';
import type { SosAckStats, SosAlarm } from '../resources/sos-call-logs/types';
import type { ActionResult } from './customMethods';

declare const types: unique symbol;

/** The compile-time parameters (or body) and answer of a call: nothing at run time. */
export interface CallTypes<Params, Answer> {
  readonly [types]?: { params: Params; answer: Answer };
}

/**
 * A named GET of a service beyond CRUD (a query module, a record's events…): `path` under the
 * service, where `:name` takes the parameter of that name (the others go to the query string).
 * `dataProvider.query(QUERIES.dispatcher['nearest-drivers'], {...})`: a misspelled name is a missing
 * property and wrong parameters a type error, both caught by `tsc`.
 */
export interface QueryRef<Params = unknown, Answer = unknown> extends CallTypes<Params, Answer> {
  readonly method: 'GET';
  readonly service: Service;
  readonly path: string;
}

/** A named POST of a service outside the resources' actions (a calculation, a command). */
export interface CommandRef<Body = unknown, Answer = unknown> extends CallTypes<Body, Answer> {
  readonly method: 'POST';
  readonly service: Service;
  readonly path: string;
}

/**
 * A named GET answering a file (a PDF, a CSV), saved by the panel rather than read:
 * `dataProvider.download(DOWNLOADS.reports['trips-pdf'], filters)`. `accept` is the file's type.
 */
export interface DownloadRef<Params = unknown> extends CallTypes<Params, Blob> {
  readonly method: 'GET';
  readonly service: Service;
  readonly path: string;
  readonly accept: FileType;
}

type FileType = 'application/pdf' | 'text/csv';

/** A query module's answer: `{data}`. */
export interface ModuleAnswer<T> {
  data: T;
}

interface Spec<Method, Params, Answer> extends CallTypes<Params, Answer> {
  readonly method: Method;
  /** The path under the group, when it is not the call's name ('' for the group itself). */
  readonly sub?: string;
  /** A download's file type. */
  readonly accept?: FileType;
}

/** A GET answering `{data: T}` (a query module), at `<group>/<name>` or `<group>/<sub>`. */
const module = <Params extends object, T>(sub?: string): Spec<'GET', Params, ModuleAnswer<T>> => ({
  method: 'GET',
  sub,
});
/** A GET answering `Answer` as it is (a resource list). */
const get = <Params extends object, Answer>(sub?: string): Spec<'GET', Params, Answer> => ({ method: 'GET', sub });
/** A POST with its body and answer. */
const post = <Body extends object, Answer>(sub?: string): Spec<'POST', Body, Answer> => ({ method: 'POST', sub });
/** A GET answering a file of that type, at `<group>/<sub>`. */
const file = <Params extends object>(
  accept: FileType,
  sub: string,
): Spec<'GET', Params, Blob> & { accept: FileType } => ({
  method: 'GET',
  sub,
  accept,
});

type ParamsOf<T> = T extends CallTypes<infer P, unknown> ? P : never;
type AnswerOf<T> = T extends CallTypes<unknown, infer A> ? A : never;
type RefOf<S> = S extends Spec<'GET', unknown, Blob> & { accept: FileType }
  ? DownloadRef<ParamsOf<S>>
  : S extends Spec<'GET', unknown, unknown>
    ? QueryRef<ParamsOf<S>, AnswerOf<S>>
    : S extends Spec<'POST', unknown, unknown>
      ? CommandRef<ParamsOf<S>, AnswerOf<S>>
      : never;

/** A group of calls of one service under one path prefix, named as the server names them. */
function group<const S extends Record<string, Spec<'GET' | 'POST', unknown, unknown>>>(
  service: Service,
  prefix: string,
  specs: S,
): { readonly [K in keyof S & string]: RefOf<S[K]> } {
  return Object.fromEntries(
    Object.entries(specs).map(([name, { method, sub, accept }]) => {
      const tail = sub ?? name;
      return [name, { method, service, path: tail === '' ? prefix : `${prefix}/${tail}`, ...(accept && { accept }) }];
    }),
  ) as never;
}

/** Query parameters of a report (its filters, src/customRoutes/reports/ReportFilters.tsx). */
type ReportParams = Record<string, unknown>;
type Preset = { preset: DatePreset };
type NoParams = Record<string, never>;
type RecordId = { id: number | string };

/**
 * Every GET beyond CRUD the panel reads, by group and name; tests/server/resourceActions.test.ts
 * fails when one is not a route of its service.
 */
export const QUERIES = {
  dispatcher: group('trip', 'dispatcher', {
    'driver-cards': module<{ ids: string }, DriverCardData[]>(),
    places: module<{ q: string }, PlaceOption[]>(),
    'place-near': module<{ lat: string; lng: string }, { address: string } | null>(),
    availability: module<{ lat: number; lng: number }, Availability[]>(),
    'nearest-drivers': module<
      ({ tripId: number } | { lat: number; lng: number; vehicleTypeId: number }) & { limit?: number },
      NearDriver[]
    >(),
    route: module<{ from: string; to: string }, { coordinates: [number, number][]; polyline: string }>(),
    drivers: module<{ bbox: string | undefined }, LiveDriver[]>(),
  }),
  dashboard: group('trip', 'dashboard', {
    kpis: module<Preset, Kpis>(),
    live: module<NoParams, Live>(),
    'daily-trips': module<Preset, Daily>(),
    'trips-by-vehicle-type': module<Preset, ByType>(),
    'demand-heatmap': module<Preset, Heat>(),
    growth: module<NoParams, Growth>(),
  }),
  reports: group('trip', 'reports', {
    trips: module<ReportParams, TripReportData>(),
    revenue: module<ReportParams, Revenue>(),
    'driver-revenue': module<ReportParams, DriverRevenue>(),
    'totals-by-year': module<NoParams, { years: YearRow[] }>(),
    'driver-revenue-letters': module<{ driverId: string | undefined }, IssuedLetter[]>(),
  }),
  drivers: group('trip', 'drivers', { statistics: module<{ driverId: number }, DriverStatisticsAnswer>() }),
  sos: group('trip', 'sos', {
    settings: module<NoParams, SosSettings>(),
    'ack-stats': module<NoParams, SosAckStats>(),
  }),
  'sos-call-logs': group('trip', sosCallLogs.path, {
    /** The list route read directly, for the banner's few open alarms (no total, no list context). */
    list: get<{ filter: object; sort: [string, 'ASC' | 'DESC']; range: [number, number]; fields: string }, SosAlarm[]>(
      '',
    ),
  }),
  trips: group('trip', 'trips', {
    events: module<RecordId, TripEventRecord[]>(':id/events'),
    'driver-position': module<RecordId, { driverId: number; lat: number; lng: number; at: string | null } | null>(
      ':id/driver-position',
    ),
  }),
  issues: group('trip', 'issues', {
    assignees: module<NoParams, Assignee[]>(),
    events: module<RecordId, IssueEvent[]>(':id/events'),
  }),
  'audit-logs': group('user', 'audit-logs', { actions: module<NoParams, string[]>() }),
  'payout-batches': group('trip', 'payout-batches', {
    'payment-files': get<RecordId, PaymentFilesSummary>(':id/payment-files'),
  }),
} as const;

interface FareBody {
  pickup: { lat: number; lng: number };
  dropoff: { lat: number; lng: number };
  passengerId?: number;
  at?: string;
  discountCode?: string;
}

/**
 * Every POST outside the resources' actions (src/domain/resourceActions.ts) the panel sends;
 * tests/server/resourceActions.test.ts fails when one is not a route of its service.
 */
export const COMMANDS = {
  'fare-estimates': group('trip', 'fare-estimates', {
    estimate: post<FareBody, { data: FareEstimate[]; suggestedVehicleTypeId?: number | null }>(''),
  }),
  reports: group('trip', 'reports', {
    'driver-revenue-letters': post<{ driverId: number; fromMonth: string; toMonth: string }, ActionResult<Letter>>(),
  }),
  drivers: group('user', 'drivers', { resend_otp: post<{ phoneNumber: string }, ActionResult>() }),
} as const;

/**
 * Every file the panel downloads (a report's PDF, a payout batch's payment files), by group and
 * name; tests/server/resourceActions.test.ts fails when one is not a route of its service.
 */
export const DOWNLOADS = {
  reports: group('trip', 'reports', {
    'trips-pdf': file<ReportParams>('application/pdf', 'trips/pdf'),
    'revenue-pdf': file<ReportParams & { split: string }>('application/pdf', 'revenue/pdf'),
    'driver-revenue-letter-pdf': file<{ reference: string }>(
      'application/pdf',
      'driver-revenue-letters/:reference/pdf',
    ),
  }),
  'payout-batches': group('trip', 'payout-batches', {
    mpesa: file<RecordId>('text/csv', ':id/mpesa.csv'),
    bank: file<RecordId>('text/csv', ':id/bank.csv'),
    statement: file<RecordId & { driverId: number }>('application/pdf', ':id/statements/:driverId.pdf'),
  }),
} as const;

/** Every named call, for the server test. */
export const ALL_CALLS: readonly (QueryRef | CommandRef | DownloadRef)[] = [
  ...Object.values(QUERIES),
  ...Object.values(COMMANDS),
  ...Object.values(DOWNLOADS),
].flatMap((g) => Object.values(g as Record<string, QueryRef | CommandRef | DownloadRef>));

/** The call's path with its `:name` parts filled from `params`, and the parameters left for the query string. */
export function fillPath(path: string, params: Record<string, unknown>): [string, Record<string, unknown>] {
  const rest = { ...params };
  const filled = path.replace(/:(\w+)/g, (_, name: string) => {
    const value = rest[name];
    delete rest[name];
    if (value === undefined || value === null || value === '') throw new Error(`${path}: no "${name}"`);
    return encodeURIComponent(String(value));
  });
  return [filled, rest];
}
