import { Box, Link, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { enumLabelKey } from '../../kit/enumChoices';
import { humanize } from '../../kit/format';
import { useRecordContext, useTranslate } from 'react-admin';
import { fieldChanges, formatAuditValue, recordLabel, type AuditRecordLike } from './auditChangeRules';
import { useFieldLabel } from './ResourceNameField';

type AuditRecord = AuditRecordLike & {
  id: number;
  resource?: string;
  /** An undo: the entry it undoes, and that entry's action. */
  undoOf?: number | null;
  undoOfAction?: string | null;
};

const AUDIT_LOG_PATH = '/staff-management/audit-logs';

/** "Undo of Suspend, entry #123", a link to that entry in the audit log. */
function UndoOfLink({ undoOf, action }: { undoOf: number; action: string }) {
  const translate = useTranslate();
  const filter = encodeURIComponent(JSON.stringify({ id: undoOf }));
  return (
    <Link
      component={RouterLink}
      to={`${AUDIT_LOG_PATH}?filter=${filter}`}
      variant="body2"
      // The row expands on click; the link opens the entry instead.
      onClick={(event) => event.stopPropagation()}
    >
      {translate('app.common.audit.undoOf', {
        action: translate(enumLabelKey('auditAction', action), { _: humanize(action) }),
        id: undoOf,
      })}
    </Link>
  );
}

const MAX_SUMMARY_FIELDS = 3;

/**
 * One line saying what an audit record did: the record's name for a create or
 * delete ("Wanjiru Kamau"), else the fields it changed ("Status, Role").
 */
export function AuditChangesSummary(_props: { label?: string }) {
  const translate = useTranslate();
  const fieldLabel = useFieldLabel();
  const record = useRecordContext<AuditRecord>();
  if (!record) return null;
  if (record.undoOf) return <UndoOfLink undoOf={record.undoOf} action={record.undoOfAction ?? ''} />;
  const named =
    record.action === 'create'
      ? recordLabel(record.after)
      : record.action === 'delete'
        ? recordLabel(record.before)
        : undefined;
  if (named)
    return (
      <Typography variant="body2" component="span">
        {named}
      </Typography>
    );
  const changes = fieldChanges(record);
  if (changes.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        —
      </Typography>
    );
  // Two stored fields may share a label (assigneeId and assigneeName are both "Assignee"): named once.
  const labels = [...new Set(changes.map((change) => fieldLabel(record.resource, change.field)))];
  const fields = labels.slice(0, MAX_SUMMARY_FIELDS).join(', ');
  const more = labels.length - MAX_SUMMARY_FIELDS;
  return (
    <Typography variant="body2" component="span">
      {more > 0 ? translate('app.common.audit.fieldsAndMore', { fields, smart_count: more }) : fields}
    </Typography>
  );
}

/** Each changed field with its value before and after (a list's expand panel). */
export function AuditChangesPanel() {
  const translate = useTranslate();
  const fieldLabel = useFieldLabel();
  const record = useRecordContext<AuditRecord>();
  if (!record) return null;
  const changes = fieldChanges(record);
  if (changes.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ p: 1 }}>
        {translate('app.common.audit.noChanges')}
      </Typography>
    );
  }
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={translate('app.common.audit.changes')} data-testid="audit-changes">
        <TableHead>
          <TableRow>
            <TableCell>{translate('app.common.audit.field')}</TableCell>
            <TableCell>{translate('app.common.audit.before')}</TableCell>
            <TableCell>{translate('app.common.audit.after')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {changes.map((change) => (
            <TableRow key={change.field}>
              <TableCell sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                {fieldLabel(record.resource, change.field)}
              </TableCell>
              <TableCell sx={{ color: 'text.secondary', wordBreak: 'break-word' }}>
                {formatAuditValue(change.before, translate, { resource: record.resource, field: change.field })}
              </TableCell>
              <TableCell sx={{ wordBreak: 'break-word' }}>
                {formatAuditValue(change.after, translate, { resource: record.resource, field: change.field })}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
