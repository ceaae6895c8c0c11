import type { TranslateFunction } from 'react-admin';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { MANIFEST, recordLabel } from '../../src/domain/resources';
import { resourceLookup, resources } from '../../src/resources/registry';
import { auditLogFilters } from '../../src/resources/audit-logs/auditLogFilters';
import { staffFilters } from '../../src/resources/staffs/staffFilters';
import type { ResourceDeclaration } from '../../server/rest/declaration';
import { DECLARATIONS } from '../../server/resources';

/**
 * The manifest (src/domain/resources) is the one place a resource's facts live; these checks fail
 * when the server's declarations or the panel ask for a field the other side does not have.
 * (tests/server/resourceRegistry.test.ts checks that every entry is registered on both sides.)
 */
const declaration = (name: string): ResourceDeclaration => {
  const found = DECLARATIONS.find((d) => d.name === name);
  if (!found) throw new Error(`no server declaration for ${name}`);
  return found;
};

/** What a record of the resource holds: its id, columns and computed values. */
const readable = (d: ResourceDeclaration) => ['id', ...Object.keys(d.fields), ...Object.keys(d.computed ?? {})];

/** Filter keys the list endpoint accepts (ranges on ordered columns included). */
function filterable(d: ResourceDeclaration): string[] {
  const columns = [
    ...Object.entries(d.fields).filter(([, f]) => f.filter),
    ...Object.entries(d.computed ?? {}).filter(([, c]) => c.filter),
  ];
  return [
    'id',
    'q',
    ...columns.flatMap(([name]) => [name, `${name}_gte`, `${name}_lte`]),
    ...Object.keys(d.filters ?? {}),
  ];
}

const sortable = (d: ResourceDeclaration) => [
  'id',
  ...Object.entries(d.fields)
    .filter(([, f]) => f.sort)
    .map(([name]) => name),
  ...Object.entries(d.computed ?? {})
    .filter(([, c]) => c.sort)
    .map(([name]) => name),
];

describe('the resource manifest and the server declarations', () => {
  it('has one server declaration per manifest entry, deriving its name, subject and fields', () => {
    expect(DECLARATIONS.map((d) => d.name).sort()).toEqual(MANIFEST.map((m) => m.name).sort());
    for (const m of MANIFEST) {
      const d = declaration(m.name);
      expect(d.subject).toBe(m.subject);
      expect(d.fields).toBe(m.fields);
    }
  });

  it('names records by fields the server has', () => {
    for (const m of MANIFEST) {
      const fields = readable(declaration(m.name));
      for (const field of m.label.fields) expect(fields, `${m.name} label reads ${field}`).toContain(field);
    }
  });

  it('sorts and searches by columns the server has', () => {
    for (const m of MANIFEST) {
      const d = declaration(m.name);
      if (m.defaultSort) expect(sortable(d), `${m.name} default sort`).toContain(m.defaultSort[0]);
      for (const field of m.search ?? []) expect(d.fields[field]?.type, `${m.name} searches ${field}`).toBe('text');
    }
  });

  it('labels records in words, or by number when the label fields are missing', () => {
    const find = (name: string) => MANIFEST.find((m) => m.name === name)!;
    expect(recordLabel(find('trips'), { id: 1042 })).toBe('Trip #1042');
    expect(recordLabel(find('issues'), { id: 3, category: 'fare_dispute', tripId: 1042 })).toBe(
      'Fare dispute · trip #1042',
    );
    expect(recordLabel(find('staffs'), { id: 7, firstName: 'Amina', lastName: 'Otieno' })).toBe('Amina Otieno');
    expect(recordLabel(find('roles'), { id: 2 })).toBe('#2');
  });
});

describe('the panel against the server declarations', () => {
  it("filters its alias routes (drivers' approval lists, a driver's transactions) by columns the server filters", () => {
    for (const resource of resources) {
      const accepted = filterable(declaration(resource.name));
      for (const alias of resource.aliasRoutes ?? []) {
        if (alias.view !== 'list') continue;
        const filter = 'filterFromId' in alias ? alias.filterFromId('1') : (alias.filter ?? {});
        for (const key of Object.keys(filter)) expect(accepted, `${alias.path} filters by ${key}`).toContain(key);
      }
    }
  });

  it('takes each resource from its manifest entry, labels included', () => {
    expect(resources.map((resource) => resource.manifest)).toEqual(expect.arrayContaining([...MANIFEST]));
    expect(resources).toHaveLength(MANIFEST.length);
    for (const resource of resources) {
      expect(resource.name).toBe(resource.manifest.name);
      expect(resource.path).toBe(resource.manifest.path);
    }
    const label = (name: string, record: Record<string, unknown>) =>
      resources.find((resource) => resource.name === name)!.recordRepresentation({ id: 0, ...record });
    expect(label('trips', { id: 12 })).toBe('Trip #12');
    expect(label('sos-call-logs', { id: 4, tripId: 12 })).toBe('SOS #4');
    expect(label('driver-transactions', { id: 9, kind: 'credit_topup' })).toBe('Credit topup #9');
  });

  it('filters the staff list and the audit log by columns the server filters, and sorts their pickers by sortable ones', () => {
    const screens: [string, ReactElement[]][] = [
      ['staffs', staffFilters],
      ['audit-logs', auditLogFilters(((key: string) => key) as TranslateFunction)],
    ];
    for (const [name, inputs] of screens) {
      for (const input of inputs) {
        const props = input.props as { source: string; reference?: string; sort?: { field: string } };
        expect(filterable(declaration(name)), `${name} filters by ${props.source}`).toContain(props.source);
        if (props.reference && props.sort) {
          const target = declaration(resourceLookup.find(props.reference)!.name);
          expect(sortable(target), `${props.reference} sorted by ${props.sort.field}`).toContain(props.sort.field);
        }
      }
    }
  });

  it("sorts and filters each list screen by columns the server has (the screens' source)", () => {
    for (const resource of resources) {
      const folder = `src/resources/${resource.name}`;
      // Without a folder every screen is generated from the manifest entry, which the server's declaration takes.
      if (!existsSync(folder)) continue;
      const files = readdirSync(folder).filter((file) => /(List|Filters)\.tsx$/.test(file));
      const d = declaration(resource.name);
      for (const file of files) {
        const source = readFileSync(`${folder}/${file}`, 'utf8');
        for (const tag of openings(source, 'List').concat(openings(source, 'DataTable.Col'))) {
          const field =
            /sort=\{\{ field: '(\w+)'/.exec(tag)?.[1] ?? /^<DataTable\.Col\b.*source="(\w+)"/s.exec(tag)?.[1];
          if (field && !/\bdisableSort\b/.test(tag)) expect(sortable(d), `${file} sorts by ${field}`).toContain(field);
        }
        for (const tag of openings(source, '\\w+Input')) {
          const field = /\bsource="(\w+)"/.exec(tag)?.[1];
          if (field) expect(filterable(d), `${file} filters by ${field}`).toContain(field);
        }
      }
    }
  });
});

/** The openings `<Tag …>` of a tag (a regular expression) in a screen's source; braces may hold `>`. */
function openings(source: string, tag: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(new RegExp(`<${tag}\\b`, 'g'))) {
    let depth = 0;
    let end = match.index;
    for (; end < source.length; end++) {
      const c = source[end];
      if (c === '{') depth++;
      else if (c === '}') depth--;
      else if (c === '>' && depth === 0 && source[end - 1] !== '=') break;
    }
    found.push(source.slice(match.index, end));
  }
  return found;
}
