import type { ReactElement, ReactNode } from 'react';
import { List, type Exporter, type SortPayload } from 'react-admin';
import { ResourceListActions, type ResourceListActionsProps } from './ListActions';
import type { ListScreenProps } from '../resources/types';

export const DEFAULT_PER_PAGE = 25;

export interface ResourceListProps extends ListScreenProps, ResourceListActionsProps {
  filters?: ReactElement[];
  /** The filter form's starting values, which the user may change (unlike the route's permanent `filter`). */
  filterDefaultValues?: Record<string, unknown>;
  /** Default: newest first (`createdAt` DESC). */
  sort?: SortPayload;
  perPage?: number;
  /** False shows every row at once (a short catalogue). */
  pagination?: false;
  exporter?: Exporter;
  /** What an empty list shows instead of react-admin's invitation to create. */
  empty?: ReactElement | false;
  children: ReactNode;
}

/**
 * A resource's list screen with the panel's defaults: 25 a page, newest
 * first, Create (with the create permission) and Export on the right, and the
 * alias route's permanent filter, store key and title. Access is checked by
 * the route around it (ScreenAccess in App.tsx and resourceRoutes.tsx).
 */
export function ResourceList({
  filter,
  storeKey,
  title,
  filters,
  filterDefaultValues,
  sort = { field: 'createdAt', order: 'DESC' },
  perPage = DEFAULT_PER_PAGE,
  pagination,
  exporter,
  empty,
  createTo,
  create,
  export: exportable,
  serverExport,
  extraActions,
  children,
}: ResourceListProps) {
  return (
    <List
      // The route checked the session and the permission as it drew (ScreenAccess): the list's own
      // checks would only re-draw every row once they answer.
      disableAuthentication
      filter={filter}
      storeKey={storeKey}
      title={title}
      filters={filters}
      filterDefaultValues={filterDefaultValues}
      sort={sort}
      perPage={perPage}
      exporter={exporter}
      empty={empty}
      {...(pagination === false ? { pagination: false } : {})}
      actions={
        <ResourceListActions
          createTo={createTo}
          create={create}
          export={exportable}
          serverExport={serverExport}
          extraActions={extraActions}
        />
      }
    >
      {children}
    </List>
  );
}
