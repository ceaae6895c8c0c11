// Written by `npm run new:resource` (scripts/newResource.ts) from the files of this folder: do not edit by hand.
import type { ResourceManifest } from '../manifest';

/** The generated resources' declarations (src/domain/resources/declared/*.ts). */
export const DECLARED: readonly ResourceManifest[] = [];

/** The same by manifest name, with their types (ACTIONS reads their declared actions). */
export const DECLARED_BY_NAME = {} as const;
