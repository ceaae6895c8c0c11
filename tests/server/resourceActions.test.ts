import { describe, expect, it } from 'vitest';
import * as declarations from '../../server/declarations';
import { ACTIONS } from '../../src/domain/resourceActions';

/** The panel's typed actions (src/domain/resourceActions.ts) are exactly the engine's declared ones. */
describe('the typed action catalogue', () => {
  const declared = Object.values(declarations)
    .filter((d) => d.actions && Object.keys(d.actions).length > 0)
    .map((d) => [d.name, Object.keys(d.actions!).sort()] as const);

  it.each(declared)('%s: the panel names every action the server declares, and no other', (name, actions) => {
    const typed = (ACTIONS as Record<string, Record<string, unknown> | undefined>)[name];
    expect(Object.keys(typed ?? {}).sort()).toEqual(actions);
  });

  it('names no resource the server gives no actions', () => {
    expect(Object.keys(ACTIONS).sort()).toEqual(declared.map(([name]) => name).sort());
  });
});
