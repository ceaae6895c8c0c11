import type { RecordedRequest, StubAnswer } from '../../unit/support/fetchStub';

/**
 * The trips API's answer to a list request: compact rows of the fields asked for when the list asks
 * for `shape=rows` (as the trips list does), else whole records.
 */
export const tripListAnswer =
  (rows: readonly object[]) =>
  ({ query }: RecordedRequest): StubAnswer => {
    const headers = { 'Content-Range': `trips 0-${Math.max(rows.length - 1, 0)}/${rows.length}` };
    if (query.get('shape') !== 'rows') return { json: rows, headers };
    const fields = ['id', ...query.get('fields')!.split(',')];
    return {
      json: { fields, rows: rows.map((r) => fields.map((f) => (r as Record<string, unknown>)[f] ?? null)) },
      headers,
    };
  };
