import { describe, expect, expectTypeOf, it } from 'vitest';
import type { PanelDataProvider } from '../../src/dataProviders/createDataProvider';
import type { ActionResult, CustomMethods } from '../../src/dataProviders/customMethods';
import { COMMANDS, DOWNLOADS, QUERIES } from '../../src/dataProviders/calls';
import type { NearDriver } from '../../src/domain/driverCards';
import { ACTIONS } from '../../src/domain/resourceActions';
import type { BulkActionSpec } from '../../src/kit/BulkActions';

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

/** Never called: only compiled. The named reads, commands and bulk actions of src/dataProviders/calls.ts. */
function typedReadsAndCommands() {
  void dp.query(QUERIES.dispatcher['nearest-drivers'], { tripId: 4, limit: 10 });
  void dp.query(QUERIES.dispatcher['nearest-drivers'], { lat: -1.29, lng: 36.82, vehicleTypeId: 2 });
  void dp.query(QUERIES.trips.events, { id: 4 });
  void dp.post(COMMANDS['fare-estimates'].estimate, { pickup: { lat: 0, lng: 0 }, dropoff: { lat: 1, lng: 1 } });
  void dp.bulkAction(ACTIONS.trips.cancel, { ids: [1], reason: 'Duplicate' });
  // @ts-expect-error -- a misspelled query name is not a property of the dispatcher's reads
  void dp.query(QUERIES.dispatcher['nearest-driver'], { tripId: 4 });
  // @ts-expect-error -- a wrong parameter: the trip is a number
  void dp.query(QUERIES.dispatcher['nearest-drivers'], { tripId: '4' });
  // @ts-expect-error -- parameters of neither form: a point needs its vehicle type
  void dp.query(QUERIES.dispatcher['nearest-drivers'], { lat: -1.29, lng: 36.82 });
  // @ts-expect-error -- a record's events need the record
  void dp.query(QUERIES.trips.events, {});
  // @ts-expect-error -- no string-named reads any more
  void dp.query('trip', 'dispatcher/nearest-drivers', { tripId: 4 });
  // @ts-expect-error -- a command is not a read
  void dp.query(COMMANDS.drivers.resend_otp, { phoneNumber: '+254700000001' });
  // @ts-expect-error -- a wrong body: resend_otp takes the phone number
  void dp.post(COMMANDS.drivers.resend_otp, { phone: '+254700000001' });
  // @ts-expect-error -- no string-named commands any more
  void dp.post('trip', 'fare-estimates', {});
  // @ts-expect-error -- assign is not offered in bulk on trips
  void dp.bulkAction(ACTIONS.trips.assign, { ids: [1], reason: 'x' });
  // @ts-expect-error -- no string-named bulk actions any more
  void dp.bulkAction('trip-management/trips', 'cancel', { ids: [1], reason: 'x' });
  // @ts-expect-error -- a list's bulk button takes only a bulk action
  const notBulk: BulkActionSpec = { action: ACTIONS.issues.note };
  void notBulk;
}

/** Never called: only compiled. The named downloads of src/dataProviders/calls.ts. */
function typedDownloads() {
  void dp.download(DOWNLOADS.reports['trips-pdf'], { from: '2026-11-01' });
  void dp.download(DOWNLOADS['payout-batches'].statement, { id: 3, driverId: 7 });
  // @ts-expect-error -- a misspelled download is not a property of the reports' files
  void dp.download(DOWNLOADS.reports['trip-pdf'], {});
  // @ts-expect-error -- a driver's statement needs the driver
  void dp.download(DOWNLOADS['payout-batches'].statement, { id: 3 });
  // @ts-expect-error -- a letter is named by its reference, a string
  void dp.download(DOWNLOADS.reports['driver-revenue-letter-pdf'], { reference: 12 });
  // @ts-expect-error -- no string-named downloads any more
  void dp.download('trip', 'reports/trips/pdf', {}, 'application/pdf');
  // @ts-expect-error -- a read is not a download
  void dp.download(QUERIES.reports.trips, {});
}

/** Never called: its answer's type is checked. */
export const statement = () => dp.download(DOWNLOADS['payout-batches'].mpesa, { id: 3 });

/** Never called: its answer's type is checked. */
export const nearest = () => dp.query(QUERIES.dispatcher['nearest-drivers'], { tripId: 4 });

/** Never called: its answer's type is checked. */
export const topUp = () =>
  dp.action(ACTIONS['driver-transactions']['credit-topup'], { data: { driverId: 4, amount: 500, note: 'M-Pesa' } });

// @ts-expect-error -- `submit` is merged into `post`
type Submit = CustomMethods['submit'];

describe('typed custom calls', () => {
  it('name each action by its resource path and name, and type its answer', () => {
    expect(typedCalls).toBeTypeOf('function');
    expect(typedReadsAndCommands).toBeTypeOf('function');
    expectTypeOf<Submit>().toBeAny();
    expect(ACTIONS.trips.assign).toEqual({ resource: 'trip-management/trips', name: 'assign' });
    expect(ACTIONS['driver-transactions']['credit-topup']).toEqual({
      resource: 'driver-transactions',
      name: 'credit-topup',
    });
    expectTypeOf<ReturnType<typeof topUp>>().toEqualTypeOf<Promise<ActionResult<{ creditBalance: number }>>>();
  });

  it('name each read and command by its service and path, and type its answer', () => {
    expect(QUERIES.dispatcher['nearest-drivers']).toEqual({
      method: 'GET',
      service: 'trip',
      path: 'dispatcher/nearest-drivers',
    });
    expect(QUERIES.trips.events.path).toBe('trips/:id/events');
    expect(COMMANDS['fare-estimates'].estimate).toEqual({ method: 'POST', service: 'trip', path: 'fare-estimates' });
    expect(COMMANDS.drivers.resend_otp.service).toBe('user');
    expect(ACTIONS.trips.cancel).toEqual({ resource: 'trip-management/trips', name: 'cancel', bulk: true });
    expectTypeOf<ReturnType<typeof nearest>>().toEqualTypeOf<Promise<{ data: NearDriver[] }>>();
  });

  it('name each download by its service and path, with its file type', () => {
    expect(typedDownloads).toBeTypeOf('function');
    expect(DOWNLOADS['payout-batches'].statement).toEqual({
      method: 'GET',
      service: 'trip',
      path: 'payout-batches/:id/statements/:driverId.pdf',
      accept: 'application/pdf',
    });
    expect(DOWNLOADS['payout-batches'].mpesa.accept).toBe('text/csv');
    expectTypeOf<ReturnType<typeof statement>>().toEqualTypeOf<Promise<Blob>>();
  });
});
