import type { SortPayload } from 'ra-core';
import type { BulkAnswer } from '../domain/bulk';
import type { ActionRef, BulkActionRef, NoBody } from '../domain/resourceActions';
import { fillPath, type CommandRef, type DownloadRef, type QueryRef } from './calls';
import { EXPORT_INTERRUPTED, ExportInterruptedError, endsInterrupted } from '../domain/exportInterrupted';
import { NOTIFICATION_PAGE_SIZE, type NotificationPage } from '../domain/notifications';
import { requestBlob, requestJson } from '../http';
import { i18nProvider } from '../i18n/i18nProvider';
import { isAppLocale } from '../domain/locales';
import type { ResourceLookup } from '../resources/resourceLookup';
import type { StaffProfile } from '../session';

export interface ServiceUrls {
  user: string;
  trip: string;
}

/** What actions, the profile calls and other non-CRUD writes answer (docs/architecture.md, "The engine's shapes"). */
export interface ActionResult<T = unknown> {
  data: T;
  message?: string;
}

/** The record an action is about (without it, the collection: `/<res>/<action>`) and its body, typed by the action. */
export type ActionParams<Body> = { id?: string | number } & (NoBody extends Body ? { data?: Body } : { data: Body });

export interface BulkBody {
  ids: (string | number)[];
  reason: string;
  [field: string]: unknown;
}

export interface ExportParams {
  filter?: Record<string, unknown>;
  sort?: SortPayload;
}

export interface ProfileChange {
  firstName: string;
  lastName: string;
  photo: number | null;
}

export interface PasswordChange {
  currentPassword: string;
  password: string;
}

/**
 * The data provider's typed methods beyond CRUD. They go through the same
 * http layer as CRUD; called through react-admin's useDataProvider, a 401
 * ('UnAuthenticated', 'Login Timeout') ends the session once, in checkError.
 */
export interface CustomMethods {
  /**
   * POST /api/<svc>/<res>/:id/<action> (or /<res>/<action>): a workflow step, answering {data, message?}.
   * The action is one of src/domain/resourceActions.ts (`ACTIONS.trips.assign`), which types its body.
   */
  action<Body, Result>(
    action: ActionRef<Body, Result>,
    params?: ActionParams<NoInfer<Body>>,
  ): Promise<ActionResult<Result>>;
  /**
   * POST /api/<svc>/<res>/bulk/<action> {ids, reason, …}: the action on each record, with each one's
   * outcome. The action is one the server offers in bulk (`ACTIONS.trips.cancel`).
   */
  bulkAction(action: BulkActionRef, body: BulkBody): Promise<ActionResult<BulkAnswer>>;
  /** GET /api/<svc>/<res>/export?format=csv&filter=…&sort=…: every matching row as CSV. */
  exportCsv(resource: string, params: ExportParams): Promise<Blob>;
  /**
   * GET /api/<svc>/<path>?params: a named read of src/dataProviders/calls.ts (`QUERIES.dashboard.live`),
   * which types its parameters and answer. `silent`: no error toast, for a screen that shows its own
   * error state.
   */
  query<Params, Answer>(
    call: QueryRef<Params, Answer>,
    params: NoInfer<Params>,
    options?: { silent?: boolean; signal?: AbortSignal },
  ): Promise<Answer>;
  /**
   * GET /api/<svc>/<path>?params as a file: a named download of src/dataProviders/calls.ts
   * (`DOWNLOADS.reports['revenue-pdf']`), which types its parameters and the file's type.
   */
  download<Params>(call: DownloadRef<Params>, params: NoInfer<Params>): Promise<Blob>;
  /**
   * POST /api/<svc>/<path> with a JSON body, for a command or a calculation outside the resources
   * (`COMMANDS['fare-estimates'].estimate`), which types its body and answer. `silent`: no error
   * toast or dialog (the screen shows the failure).
   */
  post<Body, Answer>(
    call: CommandRef<Body, Answer>,
    body: NoInfer<Body>,
    options?: { silent?: boolean; signal?: AbortSignal },
  ): Promise<Answer>;
  /** PUT auth/profile: the signed-in staff member's names and photo. */
  saveProfile(change: ProfileChange): Promise<ActionResult<StaffProfile>>;
  /** POST auth/change_password: ends the staff member's other sessions; this one stays. */
  changePassword(change: PasswordChange): Promise<ActionResult<null>>;
  /** GET notifications?page={n}&perPage=10, silently: the bell shows its own error state. */
  notificationPage(page: number, signal?: AbortSignal): Promise<NotificationPage>;
  /** PUT notifications/markAllAsSeen {markAllAsSeen: true}, silently. */
  markAllNotificationsAsSeen(): Promise<void>;
}

const queryValue = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** A named call's path with its `:name` parts filled, and the other parameters as its query string. */
function callUrl(named: string, params: unknown): string {
  const [path, rest] = fillPath(named, (params ?? {}) as Record<string, unknown>);
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(rest)) if (value !== undefined) query.set(key, queryValue(value));
  return query.size > 0 ? `${path}?${query}` : path;
}

export function createCustomMethods(lookup: ResourceLookup, urls: ServiceUrls): CustomMethods {
  /** The resource's base URL under its service and backend name. */
  const resourceUrl = (resource: string) => {
    const routing = lookup.find(resource);
    if (!routing) throw new Error(`Unknown resource: ${resource}`);
    return `${urls[routing.service]}/${routing.name}`;
  };
  const userUrl = (path: string) => `${urls.user}/${path}`;
  return {
    async action<Body, Result>({ resource, name }: ActionRef<Body, Result>, params?: ActionParams<Body>) {
      const { id, data } = (params ?? {}) as { id?: string | number; data?: Body };
      const base = resourceUrl(resource);
      const url =
        id === undefined
          ? `${base}/${encodeURIComponent(name)}`
          : `${base}/${encodeURIComponent(String(id))}/${encodeURIComponent(name)}`;
      return (await requestJson<ActionResult<Result>>(url, { method: 'POST', json: data ?? {} })).json;
    },

    async bulkAction({ resource, name }, body) {
      const url = `${resourceUrl(resource)}/bulk/${encodeURIComponent(name)}`;
      return (await requestJson<ActionResult<BulkAnswer>>(url, { method: 'POST', json: body })).json;
    },

    async exportCsv(resource, { filter = {}, sort }) {
      const query = new URLSearchParams({ format: 'csv', filter: JSON.stringify(filter) });
      // The export's headers and labels in the chosen language (the server knows en, sw and fr).
      const locale = i18nProvider.getLocale();
      if (isAppLocale(locale)) query.set('locale', locale);
      if (sort) query.set('sort', JSON.stringify([sort.field, sort.order]));
      const blob = await requestBlob(`${resourceUrl(resource)}/export?${query}`, { headers: { Accept: 'text/csv' } });
      if (endsInterrupted(await blob.slice(-EXPORT_INTERRUPTED.length - 8).text())) throw new ExportInterruptedError();
      return blob;
    },

    async query<Params, Answer>(
      { service, path: named }: QueryRef<Params, Answer>,
      params: Params,
      options: { silent?: boolean; signal?: AbortSignal } = {},
    ) {
      return (await requestJson<Answer>(`${urls[service]}/${callUrl(named, params)}`, options)).json;
    },

    async download<Params>({ service, path: named, accept }: DownloadRef<Params>, params: Params) {
      return requestBlob(`${urls[service]}/${callUrl(named, params)}`, { headers: { Accept: accept } });
    },

    async post<Body, Answer>(
      { service, path }: CommandRef<Body, Answer>,
      body: Body,
      options: { silent?: boolean; signal?: AbortSignal } = {},
    ) {
      return (await requestJson<Answer>(`${urls[service]}/${path}`, { method: 'POST', json: body, ...options })).json;
    },

    async saveProfile(change) {
      return (await requestJson<ActionResult<StaffProfile>>(userUrl('auth/profile'), { method: 'PUT', json: change }))
        .json;
    },

    async changePassword(change) {
      return (await requestJson<ActionResult<null>>(userUrl('auth/change_password'), { method: 'POST', json: change }))
        .json;
    },

    async notificationPage(page, signal) {
      const query = new URLSearchParams({ page: String(page), perPage: String(NOTIFICATION_PAGE_SIZE) });
      const { json } = await requestJson<unknown>(userUrl(`notifications?${query}`), { silent: true, signal });
      if (!isNotificationPage(json)) throw new Error('The notifications answer is not a page of notifications');
      return json;
    },

    async markAllNotificationsAsSeen() {
      await requestJson(userUrl('notifications/markAllAsSeen'), {
        method: 'PUT',
        json: { markAllAsSeen: true },
        silent: true,
      });
    },
  };
}

export function isNotificationPage(value: unknown): value is NotificationPage {
  const page = value as Partial<NotificationPage> | null;
  return (
    typeof page === 'object' &&
    page !== null &&
    Array.isArray(page.data?.notifications) &&
    typeof page.data.unseenCount === 'number' &&
    typeof page.meta?.page === 'number' &&
    typeof page.meta.totalPages === 'number'
  );
}
