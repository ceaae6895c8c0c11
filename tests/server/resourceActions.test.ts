import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DECLARATIONS } from '../../server/resources';
import { ACTIONS } from '../../src/domain/resourceActions';
import { startApp, type TestApp } from './harness.js';

/**
 * The panel's typed actions (src/domain/resourceActions.ts) are exactly the engine's declared ones:
 * the hand-written declarations' and the generated resources' declared actions.
 */
describe('the typed action catalogue', () => {
  const declared = DECLARATIONS.filter((d) => d.actions && Object.keys(d.actions).length > 0).map(
    (d) => [d.name, Object.keys(d.actions!).sort()] as const,
  );
  const typedOf = (name: string) => (ACTIONS as Record<string, Record<string, { bulk?: true }> | undefined>)[name];

  it.each(declared)('%s: the panel names every action the server declares, and no other', (name, actions) => {
    expect(Object.keys(typedOf(name) ?? {}).sort()).toEqual(actions);
  });

  it('names no resource the server gives no actions', () => {
    expect(Object.keys(ACTIONS).sort()).toEqual(declared.map(([name]) => name).sort());
  });

  it('offers in bulk exactly the actions the server runs in bulk', () => {
    for (const d of DECLARATIONS) {
      for (const [name, action] of Object.entries(d.actions ?? {})) {
        expect(typedOf(d.name)?.[name]?.bulk === true, `${d.name}.${name}`).toBe(action.bulk !== undefined);
      }
    }
  });
});

interface NamedCall {
  method: 'GET' | 'POST';
  service: string;
  path: string;
}
/*
 * Imported by a computed path, so that the server's typecheck does not compile the panel's screens
 * whose answer types calls.ts names (they need the DOM); at run time it imports no screen.
 */
const catalogue = new URL('../../src/dataProviders/calls.ts', import.meta.url).pathname;
const { ALL_CALLS } = (await import(catalogue)) as { ALL_CALLS: readonly NamedCall[] };

/** The panel's named reads and commands (src/dataProviders/calls.ts) are routes of their services. */
describe('the named reads and commands', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(() => t.close());

  it('are read from the catalogue', () => {
    expect(ALL_CALLS.length).toBeGreaterThan(25);
  });

  it.each(ALL_CALLS.map((call) => [`${call.method} ${call.service}/${call.path}`, call] as const))(
    '%s is a route of its service',
    (_, { method, service, path }) => {
      expect(t.app.hasRoute({ method, url: `/api/${service}/${path}` })).toBe(true);
    },
  );

  it('would tell a misspelled path', () => {
    expect(t.app.hasRoute({ method: 'GET', url: '/api/trip/dispatcher/nearest-driver' })).toBe(false);
  });
});
