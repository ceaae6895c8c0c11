import { Link as MuiLink } from '@mui/material';
import type { ReactNode } from 'react';
import { useCreatePath, useDataTableCallbacksContext, useRecordContext, useResourceContext } from 'react-admin';
import { Link } from 'react-router';
import { usePrefetch } from '../dataProviders/prefetch';

/**
 * The row's record as a real link (issue 27): a list's name cell wraps its text in this, so a
 * screen reader lists the records as links and a middle click opens one in a new tab. It goes
 * where a click on the row goes (the DataTable's `rowClick`); where the row opens nothing (or only
 * expands) the text stays plain. Pointing at it fetches the record ahead of the click.
 */
export function RowLink({ children }: { children: ReactNode }) {
  const record = useRecordContext();
  const resource = useResourceContext() ?? '';
  const { rowClick } = useDataTableCallbacksContext();
  const target = typeof rowClick === 'function' && record ? rowClick(record.id, resource, record) : rowClick;
  const link = typeof target === 'string' && target !== 'expand' && target !== 'toggleSelection' ? target : false;
  // The path as useGetPathForRecord makes it for a given link, without its state, effect and the
  // two access queries it keeps for links it infers: a list draws one per row.
  const createPath = useCreatePath();
  const prefetch = usePrefetch();
  if (!link || !record) return <>{children}</>;
  const to = createPath({ resource, id: record.id, type: link });
  // Pointing at the link (or tabbing to it) fetches the record its page opens with.
  const prefetchRecord = () => prefetch.record(resource, record.id);
  return (
    <MuiLink
      component={Link}
      to={to}
      color="inherit"
      underline="hover"
      onClick={(event) => event.stopPropagation()}
      onMouseEnter={prefetchRecord}
      onFocus={prefetchRecord}
    >
      {children}
    </MuiLink>
  );
}
