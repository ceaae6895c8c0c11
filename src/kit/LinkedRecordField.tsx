import { Link as MuiLink, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useFieldValue, useRecordContext, type RaRecord } from 'react-admin';
import { Link } from 'react-router';
import { useMayOpen } from '../auth/useMayOpen';
import { showPath } from '../resources/shared/recordPaths';

export interface GuardedLinkProps {
  /** The react-admin resource (its route path) the link opens. */
  resource: string;
  /** What the viewer must be allowed to do there (default `show`). */
  action?: 'show' | 'list';
  to: string;
  children: ReactNode;
}

/** A link that is plain text when the viewer may not open its target (useMayOpen). Clicks do not reach the row. */
export function GuardedLink({ resource, action = 'show', to, children }: GuardedLinkProps) {
  if (!useMayOpen(resource, action))
    return (
      <Typography variant="body2" component="span">
        {children}
      </Typography>
    );
  return (
    <MuiLink component={Link} to={to} onClick={(event) => event.stopPropagation()} variant="body2">
      {children}
    </MuiLink>
  );
}

export interface LinkedRecordFieldProps<RecordType extends RaRecord = RaRecord> {
  /** The field holding the linked record's id (e.g. `staffId`). */
  source: string;
  /** The linked record's resource (route path), e.g. `staff-management/staffs`. */
  reference: string;
  /** The name to show, from the record holding the link. */
  text: (record: RecordType) => string | null | undefined;
  /** Shown (as text) without a name. */
  emptyText?: string;
  label?: string;
}

/** A linked record's name, linking to its detail page only when the viewer may open it. */
export function LinkedRecordField<RecordType extends RaRecord = RaRecord>({
  source,
  reference,
  text,
  emptyText = '—',
}: LinkedRecordFieldProps<RecordType>) {
  const record = useRecordContext<RecordType>();
  const id: unknown = useFieldValue({ source });
  if (!record) return null;
  const name = text(record) ?? emptyText;
  if (typeof id !== 'string' && typeof id !== 'number')
    return (
      <Typography variant="body2" component="span">
        {name}
      </Typography>
    );
  return (
    <GuardedLink resource={reference} to={showPath(reference, id)}>
      {name}
    </GuardedLink>
  );
}
