import { CreateButton, ExportButton, TopToolbar, type ExportButtonProps } from 'react-admin';

/** The API answers at most 500 rows per request (ARCHITECTURE §3), so an export takes at most that many. */
export const EXPORT_MAX_ROWS = 500;

/** react-admin's ExportButton, capped at what one API call returns. */
export function ListExportButton(props: ExportButtonProps) {
  return <ExportButton maxResults={EXPORT_MAX_ROWS} {...props} />;
}

export interface ResourceListActionsProps {
  /** The create form's path when it is not react-admin's `/<resource>/create` (e.g. the spec's /staff-management/create). */
  createTo?: string;
  /** False for read-only resources. */
  create?: boolean;
  export?: boolean;
}

/** A list's top-right actions: Create (only with the create permission, through canAccess) and Export. */
export function ResourceListActions({ createTo, create = true, export: exportable = true }: ResourceListActionsProps) {
  return (
    <TopToolbar>
      {create && <CreateButton to={createTo} />}
      {exportable && <ListExportButton />}
    </TopToolbar>
  );
}
