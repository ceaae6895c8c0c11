import simpleRestProvider from 'ra-data-simple-rest';
import { combineDataProviders, type DataProvider } from 'ra-core';
import { simpleRestHttpClient } from '../http';
import type { ResourceLookup } from '../resources/resourceLookup';
import type { Service } from '../resources/types';
import { createCustomMethods, type CustomMethods, type ServiceUrls } from './customMethods';
import { createKeysetPager } from './keysetPager';

export type { ServiceUrls } from './customMethods';

/** The panel's data provider: react-admin's CRUD plus the typed custom methods (customMethods.ts). */
export type PanelDataProvider = DataProvider & CustomMethods;

type HttpClient = NonNullable<Parameters<typeof simpleRestProvider>[1]>;

/**
 * Makes a client that speaks to one service under the backend resource names:
 * react-admin knows resources by their route (`staff-management/staffs`), the
 * service by its own name (`staffs`).
 */
function underBackendNames(client: DataProvider, lookup: ResourceLookup): DataProvider {
  return new Proxy(client, {
    get(target, property, receiver) {
      const method: unknown = Reflect.get(target, property, receiver);
      if (typeof method !== 'function') return method;
      return (resource: unknown, ...rest: unknown[]) => {
        const backendName = typeof resource === 'string' ? (lookup.find(resource)?.name ?? resource) : resource;
        return (method as (...args: unknown[]) => unknown).call(target, backendName, ...rest);
      };
    },
  });
}

/** The engine's `shape=rows` answer, {fields, rows: [[…]]}, back as records. */
function rowsToRecords(json: unknown): unknown {
  const page = json as { fields?: unknown; rows?: unknown } | null;
  if (!page || !Array.isArray(page.fields) || !Array.isArray(page.rows)) return json;
  const names = page.fields as string[];
  return (page.rows as unknown[][]).map((values) => Object.fromEntries(names.map((name, i) => [name, values[i]])));
}

/**
 * getList with `meta.fields` (a list of field names) asks the engine for only those columns, as
 * compact rows (`&fields=a,b&shape=rows`), so a list screen downloads what it shows and no key
 * repeated per row; the records come back as usual. The page next to the one shown last is asked
 * for by keyset (`after` / `before`, keysetPager.ts), so deep pages cost what the first does.
 */
function withFieldSelection(apiUrl: string, httpClient: HttpClient): DataProvider {
  const client = simpleRestProvider(apiUrl, httpClient);
  const pager = createKeysetPager();
  return {
    ...client,
    getList: async (resource, params) => {
      const fields = (params.meta as { fields?: unknown } | undefined)?.fields;
      const extra: Record<string, string> = { ...pager.cursorFor(resource, params) };
      const selecting = Array.isArray(fields) && fields.length > 0;
      if (selecting) Object.assign(extra, { fields: fields.join(','), shape: 'rows' });
      const query = new URLSearchParams(extra).toString();
      const result = !query
        ? await client.getList(resource, params)
        : await simpleRestProvider(apiUrl, (url, options) =>
            httpClient(`${url}${url.includes('?') ? '&' : '?'}${query}`, options).then((response) =>
              selecting ? { ...response, json: rowsToRecords(response.json) } : response,
            ),
          ).getList(resource, params);
      pager.remember(resource, params, result.data as Record<string, unknown>[]);
      return result;
    },
  };
}

/** Answers every call about a resource nobody declared with a rejection (never a synchronous throw). */
const unknownResourceClient = (resource: string): DataProvider =>
  new Proxy({} as DataProvider, {
    get: () => () => Promise.reject(new Error(`Unknown resource: ${resource}`)),
  });

/** Two ra-data-simple-rest clients, one per service, combined by resource, with the custom methods beside them. */
export function createDataProvider(
  lookup: ResourceLookup,
  urls: ServiceUrls,
  httpClient: HttpClient = simpleRestHttpClient as HttpClient,
): PanelDataProvider {
  const clients: Record<Service, DataProvider> = {
    user: underBackendNames(withFieldSelection(urls.user, httpClient), lookup),
    trip: underBackendNames(withFieldSelection(urls.trip, httpClient), lookup),
  };
  const crud = combineDataProviders((resource) => {
    const routing = lookup.find(resource);
    return routing ? clients[routing.service] : unknownResourceClient(resource);
  });
  const custom = createCustomMethods(lookup, urls);
  // combineDataProviders answers any method name, so the custom ones are looked up first.
  return new Proxy(custom as PanelDataProvider, {
    get: (target, property, receiver) =>
      Object.hasOwn(target, property) ? Reflect.get(target, property, receiver) : Reflect.get(crud, property),
  });
}
