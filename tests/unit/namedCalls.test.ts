import { describe, expect, it } from 'vitest';
import { sourceFiles } from './support/sourceFiles';

/**
 * Every call beyond CRUD is named and typed: actions by src/domain/resourceActions.ts, reads and
 * commands by src/dataProviders/calls.ts. The types refuse a string where a named call goes; this
 * keeps a string-named call from coming back by another door (an explicit type argument, a cast).
 */
const STRING_NAMED = [
  // query('trip', 'dispatcher/…'), post('trip', …), bulkAction('res', …), action('res', …), download('trip', …),
  // useQueryModule('…')
  /(?:\.(?:query|post|bulkAction|action|download)|\buseQueryModule)\s*\(\s*['"`]/,
  // prefetchQueryModule(client, dataProvider, 'dashboard/kpis', …)
  /\bprefetchQueryModule\s*\(\s*[\w.]+\s*,\s*[\w.]+\s*,\s*['"`]/,
  // dataProvider.query<{ data: X }>(…): the answer's type is the named call's, not the caller's
  /\.(?:query|post|bulkAction|download)\s*<[^;]*>\s*\(/,
];

/** `file:line: text` of each string-named call in the files. */
export function stringNamedCalls(files: { name: string; text: string }[]): string[] {
  return files.flatMap(({ name, text }) => {
    // A call's name may sit on the line after its opening parenthesis: join each call onto one line.
    const joined = text.replace(/\(\s*\n\s*/g, '(');
    return joined
      .split('\n')
      .map((line, i) => [line, i] as const)
      .filter(([line]) => STRING_NAMED.some((pattern) => pattern.test(line)))
      .map(([line]) => `${name}: ${line.trim()}`);
  });
}

describe('named calls', () => {
  it('no call in src/ names its endpoint with a string', () => {
    const files = sourceFiles('src').filter(({ name }) => !name.startsWith('src/dataProviders/'));
    expect(stringNamedCalls(files)).toEqual([]);
  });

  it('finds each form of a string-named call', () => {
    const calls = [
      "dataProvider.query('trip', 'dispatcher/nearest-drivers', {})",
      'await dataProvider.query<{ data: X[] }>(\n  QUERIES.dispatcher.places,',
      "dataProvider.post(\n  'trip',\n  'fare-estimates', body)",
      "dataProvider.bulkAction(resource, 'cancel', body)".replace('resource', "'trip-management/trips'"),
      "useQueryModule('dashboard/live')",
      'prefetchQueryModule(client, dataProvider, `dashboard/kpis`, {})',
      "saveBlob(await dataProvider.download('trip', `payout-batches/${id}/mpesa.csv`, {}, 'text/csv'))",
    ];
    const found = stringNamedCalls(calls.map((text, i) => ({ name: `f${i}.ts`, text })));
    expect(found.map((line) => line.split(':')[0])).toEqual([
      'f0.ts',
      'f1.ts',
      'f2.ts',
      'f3.ts',
      'f4.ts',
      'f5.ts',
      'f6.ts',
    ]);
    expect(
      stringNamedCalls([{ name: 'ok.ts', text: "dataProvider.query(QUERIES.dispatcher['nearest-drivers'], {})" }]),
    ).toEqual([]);
  });
});
