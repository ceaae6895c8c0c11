import { Link as MuiLink } from '@mui/material';
import type { ReactNode } from 'react';
import { useDataTableCallbacksContext, useGetPathForRecord, useRecordContext, useResourceContext } from 'react-admin';
import { Link } from 'react-router';

/**
 * The row's record as a real link (issue 27): a list's name cell wraps its text in this, so a
 * screen reader lists the records as links and a middle click opens one in a new tab. It goes
 * where a click on the row goes (the DataTable's `rowClick`); where the row opens nothing (or only
 * expands) the text stays plain.
 */
export function RowLink({ children }: { children: ReactNode }) {
  const record = useRecordContext();
  const resource = useResourceContext() ?? '';
  const { rowClick } = useDataTableCallbacksContext();
  const target = typeof rowClick === 'function' && record ? rowClick(record.id, resource, record) : rowClick;
  const link = typeof target === 'string' && target !== 'expand' && target !== 'toggleSelection' ? target : false;
  const to = useGetPathForRecord({ link });
  if (!to) return <>{children}</>;
  return (
    <MuiLink component={Link} to={to} color="inherit" underline="hover" onClick={(event) => event.stopPropagation()}>
      {children}
    </MuiLink>
  );
}
