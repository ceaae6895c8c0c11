import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { fieldChanges, formatAuditValue, recordLabel, type AuditRecordLike } from './auditChangeRules';
import { useFieldLabel } from './ResourceNameField';

type AuditRecord = AuditRecordLike & { id: number; resource?: string };

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
                {formatAuditValue(change.before)}
              </TableCell>
              <TableCell sx={{ wordBreak: 'break-word' }}>{formatAuditValue(change.after)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
