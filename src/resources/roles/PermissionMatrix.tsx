import CheckIcon from '@mui/icons-material/Check';
import { Box, Checkbox, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { SUBJECTS, permissionName, type Action } from '../../domain/permissions';
import {
  MATRIX_ACTIONS,
  allSelection,
  columnSelection,
  rowSelection,
  setAll,
  setCell,
  setColumn,
  setRow,
  subjectHas,
  type Selection,
} from './permissionMatrixRules';

export interface PermissionMatrixProps {
  /** The role's permission names. */
  value: readonly string[];
  /** Called with the new names, in catalogue order; without it the matrix is read-only. */
  onChange?: (next: string[]) => void;
  disabled?: boolean;
}

function SelectionBox({
  selection,
  label,
  onToggle,
  disabled,
}: {
  selection: Selection;
  label: string;
  onToggle: (on: boolean) => void;
  disabled?: boolean;
}) {
  return (
    <Checkbox
      size="small"
      sx={{ p: 0.5 }}
      checked={selection === 'all'}
      indeterminate={selection === 'some'}
      onChange={() => onToggle(selection !== 'all')}
      disabled={disabled}
      slotProps={{ input: { 'aria-label': label } }}
    />
  );
}

/**
 * A role's permissions as a matrix: subjects by view, create, update and
 * delete, with select-all per row, per column and overall. Read-only without
 * `onChange`. Granting a write also grants view; removing view removes the writes.
 */
export function PermissionMatrix({ value, onChange, disabled }: PermissionMatrixProps) {
  const translate = useTranslate();
  const readOnly = onChange === undefined;
  const actionLabel = (action: Action) => translate(`app.access.roles.actions.${action}`);
  const subjectLabel = (name: string, fallback: string) => translate(`app.access.subjects.${name}`, { _: fallback });
  const change = (next: string[]) => onChange?.(next);

  return (
    <Box sx={{ overflowX: 'auto', border: 1, borderColor: 'divider', borderRadius: 2 }}>
      <Table
        size="small"
        aria-label={translate('app.access.roles.matrix')}
        data-testid="permission-matrix"
        sx={{ minWidth: 400, '& .MuiTableCell-root': { px: { xs: 0.75, md: 2 } } }}
      >
        <TableHead>
          <TableRow>
            <TableCell sx={{ fontWeight: 700 }}>{translate('app.access.roles.subject')}</TableCell>
            {!readOnly && (
              <TableCell align="center" sx={{ fontWeight: 700, width: { xs: 48, md: 72 } }}>
                <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center' }}>
                  {translate('app.access.roles.all')}
                  <SelectionBox
                    selection={allSelection(value)}
                    label={translate('app.access.roles.selectEverything')}
                    onToggle={(on) => change(setAll(on))}
                    disabled={disabled}
                  />
                </Box>
              </TableCell>
            )}
            {MATRIX_ACTIONS.map((action) => (
              <TableCell key={action} align="center" sx={{ fontWeight: 700, width: { xs: 56, md: 88 } }}>
                <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center' }}>
                  {actionLabel(action)}
                  {!readOnly && (
                    <SelectionBox
                      selection={columnSelection(value, action)}
                      label={translate('app.access.roles.selectColumn', { action: actionLabel(action) })}
                      onToggle={(on) => change(setColumn(value, action, on))}
                      disabled={disabled}
                    />
                  )}
                </Box>
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {SUBJECTS.map((subject) => {
            const label = subjectLabel(subject.name, subject.label);
            return (
              <TableRow key={subject.name} hover={!readOnly} data-testid={`matrix-row-${subject.name}`}>
                <TableCell component="th" scope="row">
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {label}
                  </Typography>
                </TableCell>
                {!readOnly && (
                  <TableCell align="center">
                    <SelectionBox
                      selection={rowSelection(value, subject)}
                      label={translate('app.access.roles.selectRow', { subject: label })}
                      onToggle={(on) => change(setRow(value, subject, on))}
                      disabled={disabled}
                    />
                  </TableCell>
                )}
                {MATRIX_ACTIONS.map((action) => {
                  if (!subjectHas(subject, action)) {
                    return (
                      <TableCell
                        key={action}
                        align="center"
                        sx={{ color: 'text.disabled' }}
                        aria-label={translate('app.access.roles.notApplicable')}
                      >
                        –
                      </TableCell>
                    );
                  }
                  const name = permissionName(action, subject.name);
                  const held = value.includes(name);
                  return (
                    <TableCell key={action} align="center">
                      {readOnly ? (
                        held ? (
                          <CheckIcon fontSize="small" color="success" titleAccess={name} />
                        ) : (
                          <Typography
                            component="span"
                            color="text.disabled"
                            aria-label={translate('app.access.roles.notHeld', { name })}
                          >
                            ·
                          </Typography>
                        )
                      ) : (
                        <Checkbox
                          size="small"
                          sx={{ p: 0.5 }}
                          checked={held}
                          onChange={(event) => change(setCell(value, subject, action, event.target.checked))}
                          disabled={disabled}
                          slotProps={{ input: { 'aria-label': name } }}
                        />
                      )}
                    </TableCell>
                  );
                })}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </Box>
  );
}
