import type { Identifier } from 'ra-core';

/**
 * The spec's deep links of a record: `/<resource>/:id` is its detail page and
 * `/<resource>/:id/edit` its form (see App.tsx). react-admin's own paths
 * (`useCreatePath`) put the form at `:id` instead, so links to a form of a
 * resource that has a detail page go through these.
 */
export const showPath = (resource: string, id: Identifier) => `/${resource}/${encodeURIComponent(String(id))}`;

export const editPath = (resource: string, id: Identifier) => `${showPath(resource, id)}/edit`;

/** A list URL with its filter preset, e.g. the staff holding a role. */
export const listPathWithFilter = (resource: string, filter: Record<string, unknown>) =>
  `/${resource}?${new URLSearchParams({ filter: JSON.stringify(filter) }).toString()}`;

/** DataTable rowClick that opens the record's detail page at its spec path. */
export const toShowPage = (id: Identifier, resource: string) => showPath(resource, id);

/** A create or edit form's `redirect`: to the record's detail page after saving. */
export const redirectToShowPage = (resource?: string, id?: Identifier) =>
  resource && id !== undefined ? showPath(resource, id) : '/';
