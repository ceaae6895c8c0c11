import DownloadIcon from '@mui/icons-material/GetApp';
import { useState, type ReactNode } from 'react';
import {
  Button,
  CreateButton,
  ExportButton,
  TopToolbar,
  useListContext,
  useNotify,
  useResourceContext,
  type ExportButtonProps,
} from 'react-admin';
import { usePanelDataProvider } from '../dataProviders/useAction';
import { saveBlob } from '../http/saveBlob';
import { ExportInterruptedError } from '../domain/exportInterrupted';

/** The API answers at most 500 rows per request (docs/architecture.md, "The engine's shapes"), so an in-memory export takes at most that many. */
export const EXPORT_MAX_ROWS = 500;

/** `staff-management/staffs` → `staffs.csv`. */
const csvFilename = (resource: string) => `${resource.split('/').pop() ?? resource}.csv`;

/**
 * Export. A list that fits on one page is exported from memory with the
 * screen's own exporter (its columns and labels); a longer one, or any list
 * with `server` (a screen without an exporter of its own, e.g. a generated one),
 * is streamed by the server's CSV export (every matching row, no 500-row cap,
 * the declaration's labels and the city's time), downloaded with the bearer
 * token. Failures open the error dialog (http layer).
 */
export function ListExportButton({ server = false, ...props }: ExportButtonProps & { server?: boolean }) {
  const { total, perPage, filterValues, filter, sort, isPending } = useListContext();
  const resource = useResourceContext(props);
  const dataProvider = usePanelDataProvider();
  const [downloading, setDownloading] = useState(false);
  const notify = useNotify();

  if (!resource || total === undefined || (!server && total <= perPage))
    return <ExportButton maxResults={EXPORT_MAX_ROWS} {...props} />;

  const download = async () => {
    setDownloading(true);
    try {
      const blob = await dataProvider.exportCsv(resource, { filter: { ...filterValues, ...filter }, sort });
      saveBlob(blob, csvFilename(resource));
    } catch (error) {
      // Other failures are reported by the http layer (error dialog), or the session ended.
      if (error instanceof ExportInterruptedError) notify('app.exportInterrupted', { type: 'error' });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Button
      label={props.label ?? 'ra.action.export'}
      onClick={() => void download()}
      disabled={isPending || downloading || total === 0}
    >
      {props.icon ?? <DownloadIcon />}
    </Button>
  );
}

export interface ResourceListActionsProps {
  /** The create form's path when it is not react-admin's `/<resource>/create` (e.g. the spec's /staff-management/create). */
  createTo?: string;
  /** False for read-only resources. */
  create?: boolean;
  export?: boolean;
  /** Export through the server's CSV even when the list fits on one page (no exporter of the screen's own). */
  serverExport?: boolean;
  /** The screen's own buttons, before Create and Export (e.g. a collection action). */
  extraActions?: ReactNode;
}

/** A list's top-right actions: Create (only with the create permission, through canAccess) and Export. */
export function ResourceListActions({
  createTo,
  create = true,
  export: exportable = true,
  serverExport,
  extraActions,
}: ResourceListActionsProps) {
  return (
    <TopToolbar>
      {extraActions}
      {create && <CreateButton to={createTo} />}
      {exportable && <ListExportButton server={serverExport} />}
    </TopToolbar>
  );
}
