import type { AnyObject, InferType, ObjectSchema } from 'yup';
import type { DeclaredAction, DeclaredActionBody, ResourceManifest } from './resources/manifest';
import { DECLARED_BY_NAME } from './resources/declared';
import { driverTransactions, creditTopupSchema } from './resources/driverTransactions';
import {
  approveDocumentSchema,
  drivers,
  rejectDocumentSchema,
  requestReuploadSchema,
  suspensionSchema,
} from './resources/drivers';
import { issueActions, issues } from './resources/issues';
import { passengerStatusChange, passengers } from './resources/passengers';
import { payPayoutSchema, payoutBatches, payoutResultsSchema, preparePayoutSchema } from './resources/payoutBatches';
import { priceProfileSchema, priceSettings } from './resources/priceSettings';
import { sosActionBodies, sosCallLogs } from './resources/sosCallLogs';
import { sosContacts } from './resources/sosContacts';
import { trips } from './resources/trips';
import { vehicleTypes } from './resources/vehicleTypes';
import { discounts } from './resources/discounts';

declare const types: unique symbol;

/** The compile-time body and answer of an action: nothing at run time but its name's key. */
export interface ActionTypes<Body, Result> {
  readonly [types]?: { body: Body; result: Result };
}

/**
 * A named engine action of a resource (`POST /<res>/:id/<name>` or `/<res>/<name>`), with the body
 * it takes and the record it answers. `dataProvider.action(ACTIONS.trips.assign, { id, data })`:
 * a misspelled name is a missing property and a wrong body a type error, both caught by `tsc`.
 */
export interface ActionRef<Body = unknown, Result = unknown> extends ActionTypes<Body, Result> {
  /** The react-admin resource (the manifest's path). */
  readonly resource: string;
  readonly name: string;
  /** Also offered on many records at once (`POST /<res>/bulk/<name>`), as the server declares it. */
  readonly bulk?: true;
}

/** An action the server also runs on many records at once. */
export type BulkActionRef<Body = unknown> = ActionRef<Body> & { readonly bulk: true };

/** An action without a body (activate, acknowledge…). */
export type NoBody = Record<string, never>;

/** The body and answer of an action, as types. */
export const takes = <Body extends object = NoBody, Result = unknown>(): ActionTypes<Body, Result> => ({});
/** The body of an action validated by a shared yup schema, as the schema types it. */
export const takesSchema = <S extends ObjectSchema<AnyObject>, Result = unknown>(
  schema: S,
): ActionTypes<InferType<S>, Result> => (void schema, {});

/** An action the server also offers in bulk (its declaration's `bulk`). */
export const inBulk = <T extends ActionTypes<unknown, unknown>>(types: T): T & { readonly bulk: true } => ({
  ...types,
  bulk: true,
});

type BodyOf<T> = T extends ActionTypes<infer B, unknown> ? B : never;
type ResultOf<T> = T extends ActionTypes<unknown, infer R> ? R : never;

/** A resource's actions by name, from its manifest entry. */
export function defineActions<const A extends Record<string, ActionTypes<unknown, unknown>>>(
  manifest: ResourceManifest,
  actions: A,
): {
  readonly [K in keyof A & string]: ActionRef<BodyOf<A[K]>, ResultOf<A[K]>> & { readonly name: K } & (A[K] extends {
      bulk: true;
    }
      ? { readonly bulk: true }
      : unknown);
} {
  return Object.fromEntries(
    Object.entries(actions).map(([name, types]) => [
      name,
      { resource: manifest.path, name, ...('bulk' in types && { bulk: true }) },
    ]),
  ) as never;
}

/** A declared resource's actions (its manifest's `actions`) as refs, their bodies typed by the declared body fields. */
export type DeclaredActionRefs<A> = {
  readonly [K in keyof A & string]: ActionRef<A[K] extends DeclaredAction ? DeclaredActionBody<A[K]> : never> & {
    readonly name: K;
  } & (A[K] extends { inBulk: true } ? { readonly bulk: true } : unknown);
};

/** The refs of a declared resource's actions: what ACTIONS holds for it, and what its generated screens call. */
export const declaredActionRefs = <A extends Readonly<Record<string, DeclaredAction>>>(manifest: {
  path: string;
  actions?: A;
}): DeclaredActionRefs<A> =>
  Object.fromEntries(
    Object.entries(manifest.actions ?? {}).map(([name, action]) => [
      name,
      { resource: manifest.path, name, ...(action.inBulk && { bulk: true }) },
    ]),
  ) as DeclaredActionRefs<A>;

type ActionsOf<M> = M extends { actions?: infer A } ? Exclude<A, undefined> : never;
/** The declared resources that declare actions, by manifest name, with their refs. */
type DeclaredActionCatalogue<D> = {
  readonly [N in keyof D as keyof ActionsOf<D[N]> extends never ? never : N]: DeclaredActionRefs<ActionsOf<D[N]>>;
};

const declaredCatalogue = <D extends Readonly<Record<string, ResourceManifest>>>(declared: D) =>
  Object.fromEntries(
    Object.entries(declared)
      .filter(([, manifest]) => Object.keys(manifest.actions ?? {}).length > 0)
      .map(([name, manifest]) => [name, declaredActionRefs(manifest)]),
  ) as DeclaredActionCatalogue<D>;

/**
 * Every resource's engine actions, by manifest name (the generated resources' declared actions
 * included, from their declarations: src/domain/resources/declared/); tests/server/resourceActions.test.ts fails when
 * they differ from the server declarations' `actions`.
 */
export const ACTIONS = {
  trips: defineActions(trips, {
    assign: takes<{ driverId: number }>(),
    cancel: inBulk(takes<{ reason: string; by?: string }>()),
  }),
  issues: defineActions(issues, {
    assign: inBulk(takesSchema(issueActions.assign)),
    priority: takesSchema(issueActions.priority),
    start: takes<NoBody>(),
    resolve: takesSchema(issueActions.resolve),
    close: inBulk(takes<NoBody>()),
    reopen: inBulk(takesSchema(issueActions.reopen)),
    note: takesSchema(issueActions.note),
  }),
  'payout-batches': defineActions(payoutBatches, {
    prepare: takesSchema(preparePayoutSchema),
    approve: takes<NoBody>(),
    pay: takesSchema(payPayoutSchema),
    results: takesSchema(payoutResultsSchema),
  }),
  'price-settings': defineActions(priceSettings, {
    save: takes<{ profiles: readonly InferType<typeof priceProfileSchema>[] }>(),
  }),
  'sos-call-logs': defineActions(sosCallLogs, {
    acknowledge: takes<NoBody>(),
    note: takesSchema(sosActionBodies.note),
    resolve: takesSchema(sosActionBodies.resolve),
    'false-alarm': takesSchema(sosActionBodies.falseAlarm),
  }),
  'sos-contacts': defineActions(sosContacts, { move: takes<{ direction: 'up' | 'down' } | { position: number }>() }),
  'driver-transactions': defineActions(driverTransactions, {
    'credit-topup': takesSchema<typeof creditTopupSchema, { creditBalance: number }>(creditTopupSchema),
  }),
  'vehicle-types': defineActions(vehicleTypes, { deactivate: takes<NoBody>(), activate: takes<NoBody>() }),
  discounts: defineActions(discounts, { activate: inBulk(takes<NoBody>()), deactivate: inBulk(takes<NoBody>()) }),
  drivers: defineActions(drivers, {
    'approve-documents': inBulk(takes<NoBody>()),
    'reject-documents': inBulk(takesSchema(suspensionSchema)),
    'approve-document': takesSchema(approveDocumentSchema),
    'reject-document': takesSchema(rejectDocumentSchema),
    'request-reupload': takesSchema(requestReuploadSchema),
    'upload-document': takes<{ kind: string; fileId: number }>(),
    suspend: inBulk(takesSchema(suspensionSchema)),
    reinstate: inBulk(takesSchema(suspensionSchema)),
  }),
  passengers: defineActions(passengers, {
    block: takesSchema(passengerStatusChange),
    unblock: takesSchema(passengerStatusChange),
  }),
  ...declaredCatalogue(DECLARED_BY_NAME),
} as const;
