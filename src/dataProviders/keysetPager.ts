import type { GetListParams } from 'ra-core';

type Cursor = [unknown, unknown];
interface Seen {
  start: number;
  end: number;
  first: Cursor;
  last: Cursor;
}

/** What identifies one list's pages: the resource, its sort, filter and page size. */
const listKey = (resource: string, params: GetListParams) =>
  JSON.stringify([resource, params.sort, params.filter, params.pagination?.perPage]);

/**
 * Keyset paging for the panel: the API reads a page from the row next to it (`after` the last row of
 * the page before, `before` the first row of the page after) instead of skipping its offset, so the
 * next and previous pages of a long list cost what the first does. The pager remembers each list's
 * last page shown (its first and last row's sort value and id) and answers the cursor for a page
 * next to it; any other page (a jump, a new sort or filter) is asked for by offset as usual.
 */
export function createKeysetPager(limit = 50) {
  const seen = new Map<string, Seen>();
  return {
    /** The query parameters (after or before) for this page, if it is next to the page seen last. */
    cursorFor(resource: string, params: GetListParams): Record<string, string> | undefined {
      const { page, perPage } = params.pagination ?? { page: 1, perPage: 0 };
      const before = seen.get(listKey(resource, params));
      if (!before || !perPage || !params.sort?.field) return undefined;
      const start = (page - 1) * perPage;
      if (start === before.end + 1) return { after: JSON.stringify(before.last) };
      if (start + perPage === before.start && start >= 0) return { before: JSON.stringify(before.first) };
      return undefined;
    },
    /** Remembers the page shown (records in order), when each has its sort value. */
    remember(resource: string, params: GetListParams, records: Record<string, unknown>[]): void {
      const key = listKey(resource, params);
      const field = params.sort?.field;
      const { page, perPage } = params.pagination ?? { page: 1, perPage: 0 };
      seen.delete(key);
      if (!field || !records.length || !perPage) return;
      const first = records[0];
      const last = records[records.length - 1];
      if (first[field] === undefined || last[field] === undefined) return;
      const start = (page - 1) * perPage;
      seen.set(key, {
        start,
        end: start + records.length - 1,
        first: [first[field], first.id],
        last: [last[field], last.id],
      });
      if (seen.size > limit) seen.delete(seen.keys().next().value!);
    },
  };
}
