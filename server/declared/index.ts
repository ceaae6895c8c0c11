// Written by `npm run new:resource` (scripts/newResource.ts) from the files of this folder: do not edit by hand.
import type { DeclaredHandlersOf } from '../rest/declaredActions.js';

/**
 * The handlers of the declared resources' actions (src/domain/resources/declared/*.ts `actions`),
 * one file per resource, each `export default defineDeclaredHandlers(<manifest>, {…})`
 * (server/rest/declaredActions.ts).
 */
export const DECLARED_HANDLERS: readonly DeclaredHandlersOf[] = [];
