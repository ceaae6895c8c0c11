import { describe, expect, expectTypeOf, it } from 'vitest';
import type { PanelDataProvider } from '../../src/dataProviders/createDataProvider';
import type { ActionResult, CustomMethods } from '../../src/dataProviders/customMethods';
import { ACTIONS } from '../../src/domain/resourceActions';

/**
 * The data provider's actions are named and typed by src/domain/resourceActions.ts: `npm run
 * typecheck` compiles this file, so each `@ts-expect-error` below fails the typecheck the day a
 * misspelled action or a wrong body would compile again.
 */
declare const dp: PanelDataProvider;

/** Never called: only compiled. */
function typedCalls() {
  void dp.action(ACTIONS.trips.assign, { id: 1, data: { driverId: 7 } });
  void dp.action(ACTIONS['sos-call-logs'].acknowledge, { id: 1 });
  // @ts-expect-error -- a misspelled action name is not a property of the trips' actions
  void dp.action(ACTIONS.trips.asign, { id: 1, data: { driverId: 7 } });
  // @ts-expect-error -- an action of no resource
  void dp.action(ACTIONS.trips.refund, { id: 1 });
  // @ts-expect-error -- a wrong body: the driver is a number
  void dp.action(ACTIONS.trips.assign, { id: 1, data: { driverId: '7' } });
  // @ts-expect-error -- a missing body: assign needs its driver
  void dp.action(ACTIONS.trips.assign, { id: 1 });
  // @ts-expect-error -- a body of another action: a note has its text
  void dp.action(ACTIONS.issues.note, { id: 1, data: { priority: 'high' } });
  // @ts-expect-error -- no string-named calls any more
  void dp.action('trip-management/trips', { id: 1, action: 'assign', data: { driverId: 7 } });
}

/** Never called: its answer's type is checked. */
export const topUp = () =>
  dp.action(ACTIONS['driver-transactions']['credit-topup'], { data: { driverId: 4, amount: 500, note: 'M-Pesa' } });

// @ts-expect-error -- `submit` is merged into `post`
type Submit = CustomMethods['submit'];

describe('typed custom calls', () => {
  it('name each action by its resource path and name, and type its answer', () => {
    expect(typedCalls).toBeTypeOf('function');
    expectTypeOf<Submit>().toBeAny();
    expect(ACTIONS.trips.assign).toEqual({ resource: 'trip-management/trips', name: 'assign' });
    expect(ACTIONS['driver-transactions']['credit-topup']).toEqual({
      resource: 'driver-transactions',
      name: 'credit-topup',
    });
    expectTypeOf<ReturnType<typeof topUp>>().toEqualTypeOf<Promise<ActionResult<{ creditBalance: number }>>>();
  });
});
