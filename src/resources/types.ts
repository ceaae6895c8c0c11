import type { ComponentType } from 'react';
import type { RaRecord } from 'ra-core';
import type { ResourceManifest, Service } from '../domain/resources';
import type { FirstPageQuery } from '../dataProviders/prefetch';

export type { Service };

/** Props every list screen accepts, so that spec routes can reuse it with a permanent filter. */
export interface ListScreenProps {
  /** Permanent filter, e.g. the approval status of the driver lists. */
  filter?: Record<string, unknown>;
  /** Keeps the sort, page and filters of this route apart from the resource's other lists. */
  storeKey?: string;
  /** Overrides the page title. */
  title?: string;
}

/**
 * A route of the spec's table that shows one of the resource's screens
 * outside the resource's own URL base (e.g. /role-management/roles,
 * /driver-management/approved-drivers, /staff-management/profile/:id).
 */
export type ResourceAliasRoute =
  | { path: string; view: 'list'; filter?: Record<string, unknown>; storeKey?: string; titleKey?: string }
  /** A list filtered by the route's `:id`, e.g. a driver's transactions. */
  | { path: string; view: 'list'; filterFromId: (id: string) => Record<string, unknown>; titleKey?: string }
  | { path: string; view: 'show' }
  | { path: string; view: 'create' }
  /**
   * A screen of its own that checks access itself, e.g. the profile page,
   * which any signed-in staff member may open for their own account.
   */
  | { path: string; view: 'custom'; screen: ComponentType };

/** One resource of the panel (docs/architecture.md, "The manifest"); src/resources/<name>/index.ts exports one. */
export interface ResourceDefinition {
  /** The resource's facts shared with the services (src/domain/resources); the fields below repeat its values. */
  manifest: ResourceManifest;
  /** Backend resource name, e.g. `staffs`. */
  name: string;
  service: Service;
  /**
   * The react-admin resource name, which is also its URL base from the spec's
   * route table (e.g. `staff-management/staffs` gives /staff-management/staffs
   * and /staff-management/staffs/:id). Use it as `reference` in fields.
   */
  path: string;
  /** The permission that lets a role read it. */
  permission: string;
  /**
   * The screens, each loaded lazily (`lazy(() => import('./StaffList'))`) so
   * that the /login bundle stays small. With a `show`, `/<path>/:id` is the
   * record's detail page and `/<path>/:id/edit` its form (link to it with
   * shared/EditRecordButton); without one, `/<path>/:id` is the form.
   */
  list: ComponentType<ListScreenProps>;
  show?: ComponentType;
  edit?: ComponentType;
  create?: ComponentType;
  icon: ComponentType;
  /**
   * The list's default sort, page size and meta, when it has its own: hovering its menu link then
   * fetches the first page it will show (src/dataProviders/prefetch.ts). It must be what the list
   * asks for, or the prefetch is wasted.
   */
  firstPage?: FirstPageQuery;
  /** From the manifest's label. */
  recordRepresentation: (record: RaRecord) => string;
  /** Other routes of the spec's table that show this resource's screens. */
  aliasRoutes?: readonly ResourceAliasRoute[];
}

/** What a panel folder declares beyond its manifest entry (see panelResource.ts). */
export type ResourceScreens = Omit<
  ResourceDefinition,
  'manifest' | 'name' | 'service' | 'path' | 'permission' | 'recordRepresentation'
>;
